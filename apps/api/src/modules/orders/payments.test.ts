import {
  orderUpdateResultSchema,
  paymentIntentSchema,
  sandboxConfirmResultSchema,
  sandboxPaymentErrorSchema,
  type Order,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sandboxPaymentIntents } from '../../db/schema.js';
import { cardMessages } from '../../payments/sandbox-cards.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import {
  addProduct,
  availableOf,
  card,
  clientSecretFor,
  confirmSandbox,
  intentIdOf,
  orderTestEnv,
  placeOrder,
  postWebhook,
  recordPayment,
  shopper,
  signedIntentEvent,
  type Shopper,
} from '../../test-support/shop.js';
import { paymentMessages } from './messages.js';

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

  /** An unpaid order of alice's for `quantity` pieces at $25. */
  const newOrder = async (quantity = 2, who: Shopper = alice) => {
    const product = await addProduct(t, { price: 25, available: 100 });
    return { product, order: await placeOrder(t, who, product._id, quantity) };
  };
  const intentRow = async (id: string) => {
    const [row] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, id));
    return row;
  };
  const orderRow = async (id: string) => {
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    return row;
  };
  /** An order with a succeeded intent that the shop has not recorded yet. */
  const paidAtGateway = async (quantity = 2) => {
    const { product, order } = await newOrder(quantity);
    const secret = await clientSecretFor(t, alice, order._id);
    const confirmed = await confirmSandbox(t, secret);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { product, order, intentId: intentIdOf(secret) };
  };

  describe('POST /api/create-payment-intent', () => {
    it('answers a Stripe-shaped client secret for the stored total, whatever price the body says', async () => {
      const { order } = await newOrder(3);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: alice.headers,
        payload: { orderId: order._id, price: 1 },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { clientSecret } = paymentIntentSchema.strict().parse(response.json());
      expect(clientSecret).toMatch(/^pi_[A-Za-z0-9]{24}_secret_[A-Za-z0-9]+$/);
      const row = await intentRow(intentIdOf(clientSecret));
      expect(row).toMatchObject({
        amount: 75 * 100,
        currency: 'usd',
        orderId: order._id,
        status: 'requires_payment_method',
      });
      // Asking again (a reload of the payment page) reuses the intent.
      expect(await clientSecretFor(t, alice, order._id)).toBe(clientSecret);
      expect((await orderRow(order._id))?.paymentIntentId).toBe(row?.id);
    });

    it('makes one intent when asked twice at once', async () => {
      const { order } = await newOrder();
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
      const { order } = await newOrder();
      const ask = (headers: object, orderId = order._id) =>
        t.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          headers: headers as Record<string, string>,
          payload: { orderId },
        });
      expect((await ask(bob.headers)).statusCode).toBe(403);
      expect((await ask({})).statusCode).toBe(401);
      expect((await ask(alice.headers, '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b')).statusCode).toBe(
        404,
      );
      const { order: paid, intentId } = await paidAtGateway();
      expect((await recordPayment(t, alice, paid._id, intentId)).statusCode).toBe(200);
      const again = await ask(alice.headers, paid._id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(paymentMessages.alreadyPaid);
    });
  });

  describe('POST /api/sandbox/payment-intents/confirm (Stripe test mode cards)', () => {
    const year = new Date().getUTCFullYear();
    const month = new Date().getUTCMonth() + 1;

    it.each([
      ['4000000000000002', 'card_declined', 'generic_decline', cardMessages.declined],
      ['4000000000009995', 'card_declined', 'insufficient_funds', cardMessages.insufficientFunds],
      ['4000000000000069', 'expired_card', 'expired_card', cardMessages.expired],
      ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc', cardMessages.incorrectCvc],
      ['4242424242424241', 'incorrect_number', undefined, cardMessages.incorrectNumber],
    ])('%s is refused with 402 %s', async (number, code, declineCode, message) => {
      const { order } = await newOrder();
      const secret = await clientSecretFor(t, alice, order._id);
      const response = await confirmSandbox(t, secret, card(number));
      expect(response.statusCode).toBe(402);
      const body = sandboxPaymentErrorSchema.strict().parse(response.json());
      expect(body.error).toEqual({
        type: 'card_error',
        code,
        ...(declineCode ? { decline_code: declineCode } : {}),
        message,
      });
      expect(response.body).not.toContain(number);
      const row = await intentRow(intentIdOf(secret));
      expect(row).toMatchObject({ status: 'requires_payment_method', lastError: code });
      // The order stays unpaid, and the customer can try another card.
      expect(await recordPayment(t, alice, order._id, intentIdOf(secret))).toMatchObject({
        statusCode: 409,
      });
      expect((await confirmSandbox(t, secret)).statusCode).toBe(200);
    });

    // DESIGN section 8: a shop left on the sandbox must not be payable with a made-up number.
    it.each([['0000 0000 0000 0000'], ['5454545454545454'], ['4000-1234-1234-1234']])(
      '%s, Luhn-valid but no Stripe test card, is declined as in Stripe test mode; the order stays unpaid',
      async (number) => {
        const { order } = await newOrder();
        const secret = await clientSecretFor(t, alice, order._id);
        const response = await confirmSandbox(t, secret, card(number));
        expect(response.statusCode).toBe(402);
        expect(sandboxPaymentErrorSchema.strict().parse(response.json()).error).toEqual({
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'test_mode_live_card',
          message: cardMessages.nonTestCard,
        });
        expect(response.body).not.toContain(number);
        expect(await intentRow(intentIdOf(secret))).toMatchObject({
          status: 'requires_payment_method',
          lastError: 'card_declined',
        });
        const record = await recordPayment(t, alice, order._id, intentIdOf(secret));
        expect(record.statusCode).toBe(409);
        expect(await orderRow(order._id)).toMatchObject({
          paid: false,
          transactionId: null,
          testPayment: false,
        });
      },
    );

    it.each([
      ['a past year', { expYear: year - 1 }, 'invalid_expiry_year', cardMessages.invalidExpiryYear],
      [
        'a past month of this year',
        { expYear: year, expMonth: month - 1 },
        'invalid_expiry_month',
        cardMessages.invalidExpiryMonth,
      ],
      ['month 13', { expMonth: 13 }, 'invalid_expiry_month', cardMessages.invalidExpiryMonth],
      ['a two-digit cvc', { cvc: '12' }, 'invalid_cvc', cardMessages.invalidCvc],
    ])('refuses %s with 402 %s', async (label, fields, code, message) => {
      if (label === 'a past month of this year' && month === 1) return;
      const { order } = await newOrder();
      const secret = await clientSecretFor(t, alice, order._id);
      const response = await confirmSandbox(t, secret, card('4242424242424242', fields));
      expect(response.statusCode).toBe(402);
      expect(response.json().error).toMatchObject({ type: 'card_error', code, message });
    });

    it.each([
      ['4242 4242 4242 4242'],
      ['5555555555554444'],
      ['378282246310005'],
      ['6011111111111117'],
    ])(
      '%s succeeds like Stripe test cards, with the intent id as transaction id',
      async (number) => {
        const { order } = await newOrder(2);
        const secret = await clientSecretFor(t, alice, order._id);
        const response = await confirmSandbox(
          t,
          secret,
          card(number, { expYear: (year + 2) % 100 }),
        );
        expect(response.statusCode, response.body).toBe(200);
        expect(sandboxConfirmResultSchema.strict().parse(response.json())).toEqual({
          paymentIntent: {
            id: intentIdOf(secret),
            status: 'succeeded',
            amount: 5000,
            currency: 'usd',
          },
        });
        // Confirming again is refused as Stripe refuses it; nothing is charged twice.
        const again = await confirmSandbox(t, secret);
        expect(again.statusCode).toBe(400);
        expect(again.json().error.code).toBe('payment_intent_unexpected_state');
      },
    );

    it('answers 404 in the error shape for an unknown client secret, 400 for a malformed body', async () => {
      const unknown = await confirmSandbox(t, 'pi_nothing_secret_nothing');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('resource_missing');
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/payment-intents/confirm',
        payload: { clientSecret: 'x', card: { number: 4242424242424242 } },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.body).not.toContain('4242424242424242');
    });
  });

  describe('PUT /api/order/{id} records a payment only when the gateway confirms it', () => {
    it('marks the order paid with the intent id, and paying twice changes nothing', async () => {
      const { order, intentId } = await paidAtGateway(4);
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
      const row = await orderRow(order._id);
      expect(row?.paidAt).toBeInstanceOf(Date);
      expect(row?.transactionId).toBe(intentId);
    });

    it('does not mark paid with an invented transaction id', async () => {
      const { order } = await newOrder();
      for (const invented of ['pi_3Nx00000000000000000000', 'txn_123', 'anything at all']) {
        const response = await recordPayment(t, alice, order._id, invented);
        expect(response.statusCode, invented).toBe(400);
        expect(response.json().message).toBe(paymentMessages.unknownPayment);
      }
      expect((await orderRow(order._id))?.paid).toBe(false);
    });

    it('does not mark paid with a real, succeeded payment of another order', async () => {
      const { intentId } = await paidAtGateway(2);
      const { order: other } = await newOrder(2);
      const response = await recordPayment(t, alice, other._id, intentId);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(paymentMessages.otherOrder);
      expect((await orderRow(other._id))?.paid).toBe(false);
    });

    it('does not mark paid with an intent that has not succeeded', async () => {
      const { order } = await newOrder();
      const secret = await clientSecretFor(t, alice, order._id);
      const response = await recordPayment(t, alice, order._id, intentIdOf(secret));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(paymentMessages.notSucceeded('requires_payment_method'));
      expect((await orderRow(order._id))?.paid).toBe(false);
    });

    it('does not mark paid when the amount paid is not the order total', async () => {
      const { order, intentId } = await paidAtGateway(2);
      await t.db
        .update(sandboxPaymentIntents)
        .set({ amount: 100 })
        .where(eq(sandboxPaymentIntents.id, intentId));
      const response = await recordPayment(t, alice, order._id, intentId);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(paymentMessages.wrongAmount);
      expect((await orderRow(order._id))?.paid).toBe(false);
    });

    it("refuses another customer's order with 403, a mismatched _id with 400, anonymous with 401", async () => {
      const { order, intentId } = await paidAtGateway();
      expect((await recordPayment(t, bob, order._id, intentId)).statusCode).toBe(403);
      const mismatched = await t.app.inject({
        method: 'PUT',
        url: `/api/order/${order._id}`,
        headers: alice.headers,
        payload: { _id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', transactionId: intentId },
      });
      expect(mismatched.statusCode).toBe(400);
      const anonymous = await t.app.inject({
        method: 'PUT',
        url: `/api/order/${order._id}`,
        payload: { _id: order._id, transactionId: intentId },
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await orderRow(order._id))?.paid).toBe(false);
    });

    it('records a payment once when the browser sends it twice at the same time', async () => {
      const { order, intentId } = await paidAtGateway();
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

  describe('POST /api/webhooks/stripe', () => {
    const webhookFor = (intentId: string, orderId: string | null, amount: number) =>
      signedIntentEvent({ id: intentId, amount, orderId });

    it('marks a sandbox payment as a test payment even when the event claims live mode', async () => {
      const { order, intentId } = await paidAtGateway();
      const { payload, signature } = signedIntentEvent({
        id: intentId,
        amount: order.price * 100,
        orderId: order._id,
        livemode: true,
      });
      expect((await postWebhook(t, payload, signature)).statusCode).toBe(200);
      expect(await orderRow(order._id)).toMatchObject({ paid: true, testPayment: true });
    });

    it('refuses a bad or missing signature with 400 and changes nothing', async () => {
      const { order, intentId } = await paidAtGateway();
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
      expect((await orderRow(order._id))?.paid).toBe(false);
    });

    it('confirm, then webhook: one paid order with one transaction id', async () => {
      const { order, intentId } = await paidAtGateway();
      expect((await recordPayment(t, alice, order._id, intentId)).statusCode).toBe(200);
      const { payload, signature } = webhookFor(intentId, order._id, order.price * 100);
      const response = await postWebhook(t, payload, signature);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });
      const row = await orderRow(order._id);
      expect(row).toMatchObject({ paid: true, transactionId: intentId });
      expect((await intentRow(intentId))?.amountRefunded).toBe(0);
    });

    it('webhook, then confirm, and the webhook delivered twice: one paid order', async () => {
      const { order, intentId } = await paidAtGateway();
      const { payload, signature } = webhookFor(intentId, order._id, order.price * 100);
      expect((await postWebhook(t, payload, signature)).statusCode).toBe(200);
      expect((await postWebhook(t, payload, signature)).statusCode).toBe(200);
      expect(await orderRow(order._id)).toMatchObject({
        paid: true,
        transactionId: intentId,
        testPayment: true,
      });
      const confirm = await recordPayment(t, alice, order._id, intentId);
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().order.transactionId).toBe(intentId);
      expect((await intentRow(intentId))?.amountRefunded).toBe(0);
    });

    it('refunds a payment whose order no longer exists, and one for an order paid by another intent', async () => {
      const { order, intentId } = await paidAtGateway();
      await t.db.delete(orders).where(eq(orders.id, order._id));
      const gone = webhookFor(intentId, order._id, order.price * 100);
      expect((await postWebhook(t, gone.payload, gone.signature)).statusCode).toBe(200);
      expect((await intentRow(intentId))?.amountRefunded).toBe(order.price * 100);

      const { order: paid, intentId: first } = await paidAtGateway();
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
      expect((await intentRow(second.id))?.amountRefunded).toBe(paid.price * 100);
      expect(await orderRow(paid._id)).toMatchObject({ paid: true, transactionId: first });
    });

    it('ignores other events', async () => {
      const { order, intentId } = await paidAtGateway();
      const other = signedIntentEvent(
        { id: intentId, amount: order.price * 100, orderId: order._id },
        { type: 'payment_intent.created' },
      );
      expect((await postWebhook(t, other.payload, other.signature)).statusCode).toBe(200);
      expect((await orderRow(order._id))?.paid).toBe(false);
    });
  });

  describe('cancelling an order that has a payment intent', () => {
    it('cancels the intent at the gateway, deletes the order and releases the stock', async () => {
      const { product, order } = await newOrder(5);
      const secret = await clientSecretFor(t, alice, order._id);
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/order/${order._id}`,
        headers: alice.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await intentRow(intentIdOf(secret)))?.status).toBe('canceled');
      expect(await availableOf(t, product._id)).toBe(100);
      // The card can no longer be charged for it.
      expect((await confirmSandbox(t, secret)).statusCode).toBe(400);
    });

    it('keeps and marks paid an order whose payment went through but was not recorded (409)', async () => {
      const { product, order, intentId } = await paidAtGateway(5);
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/order/${order._id}`,
        headers: alice.headers,
      });
      expect(response.statusCode).toBe(409);
      expect(await orderRow(order._id)).toMatchObject({ paid: true, transactionId: intentId });
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
      const { product, order } = await newOrder(6);
      const secret = await clientSecretFor(t, alice, order._id);
      const { order: paidOrder, intentId } = await paidAtGateway(1);
      await recordPayment(t, alice, paidOrder._id, intentId);
      expect(await availableOf(t, product._id)).toBe(94);

      await sweepAt(47);
      expect(await orderRow(order._id)).toBeDefined();
      expect(await availableOf(t, product._id)).toBe(94);

      // Two instances sweeping at once release the stock once.
      const results = await Promise.all([sweepAt(49), sweepAt(49)]);
      expect(results.reduce((n, r) => n + r.released, 0)).toBeGreaterThanOrEqual(1);
      expect(await orderRow(order._id)).toBeUndefined();
      expect(await availableOf(t, product._id)).toBe(100);
      expect((await intentRow(intentIdOf(secret)))?.status).toBe('canceled');
      expect((await orderRow(paidOrder._id))?.paid).toBe(true);
    });

    it('marks an expired order paid instead when its payment had gone through', async () => {
      const { product, order, intentId } = await paidAtGateway(3);
      const result = await sweepAt(49);
      expect(result.markedPaid).toBeGreaterThanOrEqual(1);
      expect(await orderRow(order._id)).toMatchObject({ paid: true, transactionId: intentId });
      expect(await availableOf(t, product._id)).toBe(97);
    });

    it('reports holdExpiresAt as created + ORDER_HOLD_HOURS for unpaid orders', async () => {
      const { order } = await newOrder();
      expect(Date.parse(order.holdExpiresAt ?? '') - Date.parse(order.createdAt)).toBe(48 * HOUR);
    });
  });
});
