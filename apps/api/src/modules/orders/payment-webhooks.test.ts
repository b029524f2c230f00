import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sandboxPaymentIntents } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { intentRow, orderRow, paidAtGateway } from '../../test-support/orders.js';
import {
  orderTestEnv,
  postWebhook,
  recordPayment,
  shopper,
  signedIntentEvent,
  type Shopper,
} from '../../test-support/shop.js';

/** Stripe's payment_intent.succeeded webhook: signed, idempotent, a refund when it cannot pay. */
describe.each(testDatabases())('payments with the sandbox gateway on %s', (kind) => {
  let t: TestApp;
  let alice: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    alice = await shopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/webhooks/stripe', () => {
    const webhookFor = (intentId: string, orderId: string | null, amount: number) =>
      signedIntentEvent({ id: intentId, amount, orderId });

    it('marks a sandbox payment as a test payment even when the event claims live mode', async () => {
      const { order, intentId } = await paidAtGateway(t, alice);
      const { payload, signature } = signedIntentEvent({
        id: intentId,
        amount: order.price * 100,
        orderId: order._id,
        livemode: true,
      });
      expect((await postWebhook(t, payload, signature)).statusCode).toBe(200);
      expect(await orderRow(t, order._id)).toMatchObject({ paid: true, testPayment: true });
    });

    it('refuses a bad or missing signature with 400 and changes nothing', async () => {
      const { order, intentId } = await paidAtGateway(t, alice);
      const { payload } = webhookFor(intentId, order._id, order.price * 100);
      const forged = signedIntentEvent(
        { id: intentId, amount: order.price * 100, orderId: order._id },
        { secret: 'whsec_not_the_shops' },
      );
      expect((await postWebhook(t, payload, forged.signature)).statusCode).toBe(400);
      expect((await postWebhook(t, payload)).statusCode).toBe(400);
      // A body changed after signing.
      const signed = webhookFor(intentId, order._id, order.price * 100);
      const tampered = signed.payload.replace(`"amount":${order.price * 100}`, '"amount":1');
      expect((await postWebhook(t, tampered, signed.signature)).statusCode).toBe(400);
      expect((await orderRow(t, order._id))?.paid).toBe(false);
    });

    it('confirm, then webhook: one paid order with one transaction id', async () => {
      const { order, intentId } = await paidAtGateway(t, alice);
      expect((await recordPayment(t, alice, order._id, intentId)).statusCode).toBe(200);
      const { payload, signature } = webhookFor(intentId, order._id, order.price * 100);
      const response = await postWebhook(t, payload, signature);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });
      const row = await orderRow(t, order._id);
      expect(row).toMatchObject({ paid: true, transactionId: intentId });
      expect((await intentRow(t, intentId))?.amountRefunded).toBe(0);
    });

    it('webhook, then confirm, and the webhook delivered twice: one paid order', async () => {
      const { order, intentId } = await paidAtGateway(t, alice);
      const { payload, signature } = webhookFor(intentId, order._id, order.price * 100);
      expect((await postWebhook(t, payload, signature)).statusCode).toBe(200);
      expect((await postWebhook(t, payload, signature)).statusCode).toBe(200);
      expect(await orderRow(t, order._id)).toMatchObject({
        paid: true,
        transactionId: intentId,
        testPayment: true,
      });
      const confirm = await recordPayment(t, alice, order._id, intentId);
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().order.transactionId).toBe(intentId);
      expect((await intentRow(t, intentId))?.amountRefunded).toBe(0);
    });

    it('refunds a payment whose order no longer exists, and one for an order paid by another intent', async () => {
      const { order, intentId } = await paidAtGateway(t, alice);
      await t.db.delete(orders).where(eq(orders.id, order._id));
      const gone = webhookFor(intentId, order._id, order.price * 100);
      expect((await postWebhook(t, gone.payload, gone.signature)).statusCode).toBe(200);
      expect((await intentRow(t, intentId))?.amountRefunded).toBe(order.price * 100);

      const { order: paid, intentId: first } = await paidAtGateway(t, alice);
      expect((await recordPayment(t, alice, paid._id, first)).statusCode).toBe(200);
      // A second intent for the same order that took money too (a double charge).
      const second = await t.app.orders.gateway.createIntent({
        id: paid._id,
        price: paid.price + 1,
      });
      await t.db
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded', amount: paid.price * 100 })
        .where(eq(sandboxPaymentIntents.id, second.id));
      const twice = webhookFor(second.id, paid._id, paid.price * 100);
      expect((await postWebhook(t, twice.payload, twice.signature)).statusCode).toBe(200);
      expect((await intentRow(t, second.id))?.amountRefunded).toBe(paid.price * 100);
      expect(await orderRow(t, paid._id)).toMatchObject({ paid: true, transactionId: first });
    });

    it('ignores other events', async () => {
      const { order, intentId } = await paidAtGateway(t, alice);
      const other = signedIntentEvent(
        { id: intentId, amount: order.price * 100, orderId: order._id },
        { type: 'payment_intent.created' },
      );
      expect((await postWebhook(t, other.payload, other.signature)).statusCode).toBe(200);
      expect((await orderRow(t, order._id))?.paid).toBe(false);
    });
  });
});
