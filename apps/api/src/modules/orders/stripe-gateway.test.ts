import { api } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { STRIPE_API_VERSION } from '../../payments/stripe.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject } from '../../test-support/inject.js';
import { newOrder as newOrderOf, orderRow } from '../../test-support/orders.js';
import {
  adminShopper,
  availableOf,
  clientSecretFor,
  confirmSandbox,
  intentIdOf,
  orderTestEnv,
  postWebhook,
  recordPayment,
  shopper,
  signedIntentEvent,
  type Shopper,
} from '../../test-support/shop.js';
import { startStripeStandIn, type StripeStandIn } from '../../test-support/stripe-stand-in.js';

const SECRET_KEY = 'sk_test_shop_stand_in';

describe.each(testDatabases())('the Stripe gateway against a local stand-in, on %s', (kind) => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let alice: Shopper;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await buildTestApp(kind, {
      env: orderTestEnv({
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
        STRIPE_API_BASE: stripe.url,
      }),
    });
    alice = await shopper(t);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /** An unpaid order of alice's for `quantity` pieces at $40. */
  const newOrder = (quantity = 3) => newOrderOf(t, alice, quantity, { price: 40, available: 50 });
  const requestsTo = (path: string) => stripe.requests.filter((r) => r.path === path);

  it('creates the intent in cents, in USD, with the order id and an idempotency key per order', async () => {
    const { order } = await newOrder(3);
    const before = stripe.requests.length;
    const clientSecret = await clientSecretFor(t, alice, order._id);
    const [create] = stripe.requests.slice(before);
    expect(create).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(create?.form).toMatchObject({
      amount: String(3 * 40 * 100),
      currency: 'usd',
      'metadata[orderId]': order._id,
    });
    // The stored total in cents, as Stripe counts it.
    expect(create?.headers['idempotency-key']).toBe(`order-${order._id}-${3 * 40 * 100}`);
    expect(create?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(create?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    const intentId = intentIdOf(clientSecret);
    expect(stripe.intents.get(intentId)?.client_secret).toBe(clientSecret);

    // Asked again, the order's intent is retrieved, not created again.
    const creates = requestsTo('/v1/payment_intents').length;
    expect(await clientSecretFor(t, alice, order._id)).toBe(clientSecret);
    expect(requestsTo('/v1/payment_intents')).toHaveLength(creates);
    expect(requestsTo(`/v1/payment_intents/${intentId}`).at(-1)?.method).toBe('GET');
  });

  it('charges a price with cents to the cent: 3 x $89.50 is an intent of 26850 cents', async () => {
    const { order } = await newOrderOf(t, alice, 3, { price: 89.5, available: 50 });
    expect(order).toMatchObject({ unitPrice: 89.5, price: 268.5 });
    const before = stripe.requests.length;
    await clientSecretFor(t, alice, order._id);
    const [create] = stripe.requests.slice(before);
    expect(create?.form).toMatchObject({ amount: '26850', currency: 'usd' });
  });

  it('records a payment only once Stripe says it succeeded', async () => {
    const { order } = await newOrder();
    const intentId = intentIdOf(await clientSecretFor(t, alice, order._id));
    expect((await recordPayment(t, alice, order._id, intentId)).statusCode).toBe(409);
    expect((await orderRow(t, order._id))?.paid).toBe(false);
    // An id Stripe does not know.
    expect((await recordPayment(t, alice, order._id, 'pi_unknownAtStripe000000')).statusCode).toBe(
      400,
    );

    stripe.succeed(intentId);
    const response = await recordPayment(t, alice, order._id, intentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order).toMatchObject({
      paid: true,
      transactionId: intentId,
      // An `sk_test_` key: Stripe answers `livemode: false` and no money moved.
      testPayment: true,
    });
  });

  it('marks a live-mode payment as a real one', async () => {
    const { order } = await newOrder();
    const intentId = intentIdOf(await clientSecretFor(t, alice, order._id));
    const intent = stripe.intents.get(intentId);
    if (!intent) throw new Error('the stand-in has no such intent');
    intent.livemode = true;
    stripe.succeed(intentId);
    const response = await recordPayment(t, alice, order._id, intentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order).toMatchObject({ paid: true, testPayment: false });
  });

  it('marks the order paid from a signed payment_intent.succeeded webhook and refuses a bad signature', async () => {
    const { order } = await newOrder();
    const intentId = intentIdOf(await clientSecretFor(t, alice, order._id));
    stripe.succeed(intentId);
    const event = signedIntentEvent({
      id: intentId,
      amount: order.price * 100,
      orderId: order._id,
    });
    const bad = signedIntentEvent(
      { id: intentId, amount: order.price * 100, orderId: order._id },
      { secret: 'whsec_wrong' },
    );
    expect((await postWebhook(t, event.payload, bad.signature)).statusCode).toBe(400);
    expect((await orderRow(t, order._id))?.paid).toBe(false);

    expect((await postWebhook(t, event.payload, event.signature)).statusCode).toBe(200);
    expect(await orderRow(t, order._id)).toMatchObject({ paid: true, transactionId: intentId });
    // The browser's confirmation afterwards finds the same payment.
    expect((await recordPayment(t, alice, order._id, intentId)).json().order.transactionId).toBe(
      intentId,
    );
  });

  it('cancels the intent at Stripe when the customer cancels, and releases the stock', async () => {
    const { product, order } = await newOrder(5);
    const intentId = intentIdOf(await clientSecretFor(t, alice, order._id));
    const response = await inject(t, api.orders.cancel, { params: { id: order._id } }, alice);
    expect(response.statusCode, response.body).toBe(200);
    expect(requestsTo(`/v1/payment_intents/${intentId}/cancel`)).toHaveLength(1);
    expect(stripe.intents.get(intentId)?.status).toBe('canceled');
    expect(await availableOf(t, product._id)).toBe(50);
  });

  it('keeps an order Stripe already took the money for: marked paid, 409 to the cancel', async () => {
    const { product, order } = await newOrder(5);
    const intentId = intentIdOf(await clientSecretFor(t, alice, order._id));
    stripe.succeed(intentId);
    const response = await inject(t, api.orders.cancel, { params: { id: order._id } }, alice);
    expect(response.statusCode).toBe(409);
    expect(await orderRow(t, order._id)).toMatchObject({ paid: true, transactionId: intentId });
    expect(await availableOf(t, product._id)).toBe(45);
  });

  it('refunds through Stripe a payment whose order no longer exists, once', async () => {
    const { order } = await newOrder();
    const intentId = intentIdOf(await clientSecretFor(t, alice, order._id));
    stripe.succeed(intentId);
    await t.db.delete(orders).where(eq(orders.id, order._id));
    const event = signedIntentEvent({
      id: intentId,
      amount: order.price * 100,
      orderId: order._id,
    });
    expect((await postWebhook(t, event.payload, event.signature)).statusCode).toBe(200);
    expect((await postWebhook(t, event.payload, event.signature)).statusCode).toBe(200);
    const refunds = requestsTo('/v1/refunds').filter((r) => r.form.payment_intent === intentId);
    expect(refunds.length).toBeGreaterThanOrEqual(1);
    expect(refunds[0]?.headers['idempotency-key']).toBe(`refund-${intentId}`);
    expect(stripe.intents.get(intentId)?.amount_refunded).toBe(order.price * 100);
  });

  it('refunds a credit note through Stripe: the amount credited, against the intent that paid, keyed per note', async () => {
    const { order } = await newOrder(3);
    const intentId = intentIdOf(await clientSecretFor(t, alice, order._id));
    stripe.succeed(intentId);
    expect((await recordPayment(t, alice, order._id, intentId)).statusCode).toBe(200);
    const boss = await adminShopper(t);
    const issued = await inject(
      t,
      api.creditNotes.create,
      {
        params: { id: order.purchaseId },
        body: { lines: [{ orderId: order._id, quantity: 1 }], reason: 'One was faulty' },
      },
      boss,
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const note = issued.json();
    expect(note).toMatchObject({ total: 40, refundStatus: 'refunded' });
    const refunds = requestsTo('/v1/refunds').filter((r) => r.form.payment_intent === intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.form.amount).toBe('4000');
    expect(refunds[0]?.headers['idempotency-key']).toBe(`credit-note-${note._id}-${intentId}`);
    expect(stripe.intents.get(intentId)?.amount_refunded).toBe(4000);
  });

  it('has no sandbox confirm endpoint, tells the web app to use Stripe, and allows Stripe.js in the CSP', async () => {
    const { order } = await newOrder();
    const secret = await clientSecretFor(t, alice, order._id);
    expect((await confirmSandbox(t, secret)).statusCode).toBe(404);
    const config = await inject(t, api.settings.config);
    expect(config.json().payment).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_shop' });
    const csp = String(config.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });
});
