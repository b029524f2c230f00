import type { APIRequestContext } from '@playwright/test';
import {
  api,
  expectStatus,
  type ApiClient,
  type Checkout,
  type CheckoutLine,
  type Order,
  type Product,
  type Purchase,
} from '@shop/shared';
import { shopApi } from './api';

/**
 * The shop API called the way the web app calls it, for setting up what a journey is not about
 * (a paid order for the admin to ship, say). `token` is the shop token signUpViaApi or
 * signInViaApi answered.
 */

export async function getProduct(request: APIRequestContext, id: string): Promise<Product> {
  return expectStatus(await shopApi(request).call(api.catalog.get, { params: { id } }), 200);
}

export async function placeOrder(
  request: APIRequestContext,
  token: string,
  product: Product,
  quantity = product.minimum,
): Promise<Order> {
  const body = {
    productId: product._id,
    quantity,
    number: '555-123-4567',
    address: '1 Test Street, Leeds',
  };
  const answer = await shopApi(request).call(api.orders.place, { body }, { token });
  const { order } = expectStatus(answer, 201);
  if (!order) throw new Error('The order waits for approval: no line was placed.');
  return order;
}

/** Pays an order with a test card through the sandbox gateway, as the payment page does. */
export async function payOrder(
  request: APIRequestContext,
  token: string,
  order: Order,
): Promise<string> {
  const client = shopApi(request);
  const intent = await client.call(
    api.payments.createIntent,
    { body: { orderId: order._id, price: order.price } },
    { token },
  );
  const { clientSecret } = expectStatus(intent, 200);
  const paymentIntent = await confirmTestCard(client, clientSecret, order);
  const record = await client.call(
    api.orders.recordPayment,
    { params: { id: order._id }, body: { _id: order._id, transactionId: paymentIntent.id } },
    { token },
  );
  expectStatus(record, 200);
  return paymentIntent.id;
}

/** Pays an intent with the 4242 test card at the sandbox gateway; answers the succeeded intent. */
async function confirmTestCard(
  client: ApiClient,
  clientSecret: string,
  payer: { name: string; email: string },
) {
  const confirm = await client.call(api.payments.sandboxConfirm, {
    body: {
      clientSecret,
      card: {
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
      },
      billingDetails: { name: payer.name, email: payer.email },
    },
  });
  return expectStatus(confirm, 200).paymentIntent;
}

/** A purchase of these lines (POST /checkout), shipped to Leeds, with any `extra` (PO, company). */
export async function checkout(
  request: APIRequestContext,
  token: string,
  lines: CheckoutLine[],
  extra: Partial<Checkout> = {},
): Promise<Purchase> {
  const body = {
    lines,
    number: '+44 20 7946 0958',
    address: 'Unit 4/B, Harbour Road, Leeds',
    ...extra,
  };
  return expectStatus(
    await shopApi(request).call(api.purchases.checkout, { body }, { token }),
    201,
  );
}

/** Pays a whole purchase with a test card, as the payment page does; answers it paid. */
export async function payPurchase(
  request: APIRequestContext,
  token: string,
  purchase: Purchase,
): Promise<Purchase> {
  const client = shopApi(request);
  const intent = await client.call(
    api.payments.createIntent,
    { body: { purchaseId: purchase._id } },
    { token },
  );
  const { clientSecret } = expectStatus(intent, 200);
  const paymentIntent = await confirmTestCard(client, clientSecret, purchase);
  const paid = await client.call(
    api.purchases.recordPayment,
    { params: { id: purchase._id }, body: { transactionId: paymentIntent.id } },
    { token },
  );
  return expectStatus(paid, 200);
}
