import { api, orderUpdateResultSchema, type Order } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPaymentIntents } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject } from '../../test-support/inject.js';
import { newOrder, orderRow, paidAtGateway } from '../../test-support/orders.js';
import {
  clientSecretFor,
  intentIdOf,
  orderTestEnv,
  recordPayment,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';
import { paymentMessages } from './messages.js';

/** api.orders.recordPayment: the browser says it paid; taken once the gateway confirms it. */
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

  describe('PUT /api/order/{id} records a payment only when the gateway confirms it', () => {
    it('marks the order paid with the intent id, and paying twice changes nothing', async () => {
      const { order, intentId } = await paidAtGateway(t, alice, 4);
      const response = await recordPayment(t, alice, order._id, intentId);
      expect(response.statusCode, response.body).toBe(200);
      const body = orderUpdateResultSchema.strict().parse(response.json());
      expect(body.order).toMatchObject({
        paid: true,
        transactionId: intentId,
        // The sandbox moves no money: the admin must see that before shipping.
        testPayment: true,
        status: 'Pending',
        holdExpiresAt: null,
      });
      const again = await recordPayment(t, alice, order._id, intentId);
      expect(again.statusCode).toBe(200);
      expect(again.json().order).toEqual(body.order);
      const row = await orderRow(t, order._id);
      expect(row?.paidAt).toBeInstanceOf(Date);
      expect(row?.transactionId).toBe(intentId);
    });

    it('does not mark paid with an invented transaction id', async () => {
      const { order } = await newOrder(t, alice);
      for (const invented of ['pi_3Nx00000000000000000000', 'txn_123', 'anything at all']) {
        const response = await recordPayment(t, alice, order._id, invented);
        expect(response.statusCode, invented).toBe(400);
        expect(response.json().message).toBe(paymentMessages.unknownPayment);
      }
      expect((await orderRow(t, order._id))?.paid).toBe(false);
    });

    it('does not mark paid with a real, succeeded payment of another order', async () => {
      const { intentId } = await paidAtGateway(t, alice, 2);
      const { order: other } = await newOrder(t, alice, 2);
      const response = await recordPayment(t, alice, other._id, intentId);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(paymentMessages.otherOrder);
      expect((await orderRow(t, other._id))?.paid).toBe(false);
    });

    it('does not mark paid with an intent that has not succeeded', async () => {
      const { order } = await newOrder(t, alice);
      const secret = await clientSecretFor(t, alice, order._id);
      const response = await recordPayment(t, alice, order._id, intentIdOf(secret));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(paymentMessages.notSucceeded('requires_payment_method'));
      expect((await orderRow(t, order._id))?.paid).toBe(false);
    });

    it('does not mark paid when the amount paid is not the order total', async () => {
      const { order, intentId } = await paidAtGateway(t, alice, 2);
      await t.db
        .update(sandboxPaymentIntents)
        .set({ amount: 100 })
        .where(eq(sandboxPaymentIntents.id, intentId));
      const response = await recordPayment(t, alice, order._id, intentId);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(paymentMessages.wrongAmount);
      expect((await orderRow(t, order._id))?.paid).toBe(false);
    });

    it("refuses another customer's order with 403, a mismatched _id with 400, anonymous with 401", async () => {
      const { order, intentId } = await paidAtGateway(t, alice);
      expect((await recordPayment(t, bob, order._id, intentId)).statusCode).toBe(403);
      const mismatched = await inject(
        t,
        api.orders.recordPayment,
        {
          params: { id: order._id },
          body: { _id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', transactionId: intentId },
        },
        alice,
      );
      expect(mismatched.statusCode).toBe(400);
      const anonymous = await inject(t, api.orders.recordPayment, {
        params: { id: order._id },
        body: { _id: order._id, transactionId: intentId },
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await orderRow(t, order._id))?.paid).toBe(false);
    });

    it('records a payment once when the browser sends it twice at the same time', async () => {
      const { order, intentId } = await paidAtGateway(t, alice);
      const answers = await Promise.all([
        recordPayment(t, alice, order._id, intentId),
        recordPayment(t, alice, order._id, intentId),
        recordPayment(t, alice, order._id, intentId),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => a.json<{ order: Order }>().order.transactionId))).toEqual(
        new Set([intentId]),
      );
    });
  });
});
