import { expect, type APIRequestContext } from '@playwright/test';
import type { Order, Product } from '@shop/shared';
import { baseURL } from './env';

/**
 * The shop API called the way the web app calls it, for setting up what a journey is not about
 * (a paid order for the admin to ship, say). `request` must carry the user's session cookie,
 * as `page.request` does after signUpViaApi/signInViaApi.
 */
export async function shopToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.put(`/api/user/${encodeURIComponent(email)}`, {
    data: { email },
    headers: { origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function getProduct(request: APIRequestContext, id: string): Promise<Product> {
  const response = await request.get(`/api/item/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

export async function placeOrder(
  request: APIRequestContext,
  token: string,
  product: Product,
  quantity = product.minimum,
): Promise<Order> {
  const response = await request.post('/api/order', {
    headers: bearer(token),
    data: {
      productId: product._id,
      quantity,
      number: '555-123-4567',
      address: '1 Test Street, Leeds',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: Order }).order;
}

/** Pays an order with a test card through the sandbox gateway, as the payment page does. */
export async function payOrder(
  request: APIRequestContext,
  token: string,
  order: Order,
): Promise<string> {
  const intent = await request.post('/api/create-payment-intent', {
    headers: bearer(token),
    data: { orderId: order._id, price: order.price },
  });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirm = await request.post('/api/sandbox/payment-intents/confirm', {
    data: {
      clientSecret,
      card: {
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
      },
      billingDetails: { name: order.name, email: order.email },
    },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  const { paymentIntent } = (await confirm.json()) as { paymentIntent: { id: string } };
  const record = await request.put(`/api/order/${order._id}`, {
    headers: bearer(token),
    data: { _id: order._id, transactionId: paymentIntent.id },
  });
  expect(record.ok(), await record.text()).toBe(true);
  return paymentIntent.id;
}
