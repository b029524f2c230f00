import { api, paymentIntentSchema, type ApiErrorBody } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPaymentIntents } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject } from '../../test-support/inject.js';
import { intentRow, newOrder, orderRow, paidAtGateway } from '../../test-support/orders.js';
import {
  availableOf,
  clientSecretFor,
  confirmSandbox,
  intentIdOf,
  orderTestEnv,
  recordPayment,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';
import { paymentMessages } from './messages.js';

/** A payment intent: made once per order for its stored total, cancelled when the order ends. */
describe.each(testDatabases())('payments with the sandbox gateway on %s', (kind) => {
  let t: TestApp;
  let alice: Shopper;
  let bob: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    [alice, bob] = await Promise.all([shopper(t), shopper(t)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/create-payment-intent', () => {
    it('answers a Stripe-shaped client secret for the stored total, whatever price the body says', async () => {
      const { order } = await newOrder(t, alice, 3);
      const response = await inject(
        t,
        api.payments.createIntent,
        { body: { orderId: order._id, price: 1 } },
        alice,
      );
      expect(response.statusCode, response.body).toBe(200);
      const { clientSecret } = paymentIntentSchema.strict().parse(response.json());
      expect(clientSecret).toMatch(/^pi_[A-Za-z0-9]{24}_secret_[A-Za-z0-9]+$/);
      const row = await intentRow(t, intentIdOf(clientSecret));
      expect(row).toMatchObject({
        amount: 75 * 100,
        currency: 'usd',
        orderId: order._id,
        status: 'requires_payment_method',
      });
      // Asking again (a reload of the payment page) reuses the intent.
      expect(await clientSecretFor(t, alice, order._id)).toBe(clientSecret);
      expect((await orderRow(t, order._id))?.paymentIntentId).toBe(row?.id);
    });

    it('makes one intent when asked twice at once', async () => {
      const { order } = await newOrder(t, alice);
      const [a, b] = await Promise.all([
        clientSecretFor(t, alice, order._id),
        clientSecretFor(t, alice, order._id),
      ]);
      expect(a).toBe(b);
      const rows = await t.db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.orderId, order._id));
      expect(rows).toHaveLength(1);
    });

    it('is for the owner of an unpaid order: 403 another customer, 401 anonymous, 404 missing, 409 paid', async () => {
      const { order } = await newOrder(t, alice);
      const ask = (who?: Shopper, orderId = order._id) =>
        inject(t, api.payments.createIntent, { body: { orderId } }, who);
      expect((await ask(bob)).statusCode).toBe(403);
      expect((await ask()).statusCode).toBe(401);
      expect((await ask(alice, '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b')).statusCode).toBe(404);
      const { order: paid, intentId } = await paidAtGateway(t, alice);
      expect((await recordPayment(t, alice, paid._id, intentId)).statusCode).toBe(200);
      const again = await ask(alice, paid._id);
      expect(again.statusCode).toBe(409);
      expect(again.json<ApiErrorBody>().message).toBe(paymentMessages.alreadyPaid);
    });
  });

  describe('cancelling an order that has a payment intent', () => {
    it('cancels the intent at the gateway, deletes the order and releases the stock', async () => {
      const { product, order } = await newOrder(t, alice, 5);
      const secret = await clientSecretFor(t, alice, order._id);
      const response = await inject(t, api.orders.cancel, { params: { id: order._id } }, alice);
      expect(response.statusCode, response.body).toBe(200);
      expect((await intentRow(t, intentIdOf(secret)))?.status).toBe('canceled');
      expect(await availableOf(t, product._id)).toBe(100);
      // The card can no longer be charged for it.
      expect((await confirmSandbox(t, secret)).statusCode).toBe(400);
    });

    it('keeps and marks paid an order whose payment went through but was not recorded (409)', async () => {
      const { product, order, intentId } = await paidAtGateway(t, alice, 5);
      const response = await inject(t, api.orders.cancel, { params: { id: order._id } }, alice);
      expect(response.statusCode).toBe(409);
      expect(await orderRow(t, order._id)).toMatchObject({ paid: true, transactionId: intentId });
      expect(await availableOf(t, product._id)).toBe(95);
    });
  });

  describe('the stock hold', () => {
    const HOUR = 60 * 60 * 1000;
    const sweepAt = (hoursFromNow: number) =>
      import('./hold.js').then(({ sweepExpiredOrders }) =>
        sweepExpiredOrders(t.app.orders, new Date(Date.now() + hoursFromNow * HOUR)),
      );

    it('releases the stock of unpaid orders past ORDER_HOLD_HOURS and keeps the others', async () => {
      const { product, order } = await newOrder(t, alice, 6);
      const secret = await clientSecretFor(t, alice, order._id);
      const { order: paidOrder, intentId } = await paidAtGateway(t, alice, 1);
      await recordPayment(t, alice, paidOrder._id, intentId);
      expect(await availableOf(t, product._id)).toBe(94);

      await sweepAt(47);
      expect(await orderRow(t, order._id)).toBeDefined();
      expect(await availableOf(t, product._id)).toBe(94);

      // Two instances sweeping at once release the stock once.
      const results = await Promise.all([sweepAt(49), sweepAt(49)]);
      expect(results.reduce((n, r) => n + r.released, 0)).toBeGreaterThanOrEqual(1);
      expect(await orderRow(t, order._id)).toBeUndefined();
      expect(await availableOf(t, product._id)).toBe(100);
      expect((await intentRow(t, intentIdOf(secret)))?.status).toBe('canceled');
      expect((await orderRow(t, paidOrder._id))?.paid).toBe(true);
    });

    it('marks an expired order paid instead when its payment had gone through', async () => {
      const { product, order, intentId } = await paidAtGateway(t, alice, 3);
      const result = await sweepAt(49);
      expect(result.markedPaid).toBeGreaterThanOrEqual(1);
      expect(await orderRow(t, order._id)).toMatchObject({ paid: true, transactionId: intentId });
      expect(await availableOf(t, product._id)).toBe(97);
    });

    it('reports holdExpiresAt as created + ORDER_HOLD_HOURS for unpaid orders', async () => {
      const { order } = await newOrder(t, alice);
      expect(Date.parse(order.holdExpiresAt ?? '') - Date.parse(order.createdAt)).toBe(48 * HOUR);
    });
  });
});
