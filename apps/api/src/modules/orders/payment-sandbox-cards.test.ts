import { api, sandboxConfirmResultSchema, sandboxPaymentErrorSchema } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardMessages } from '../../payments/sandbox-cards.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { injectUnchecked } from '../../test-support/inject.js';
import { intentRow, newOrder, orderRow } from '../../test-support/orders.js';
import {
  card,
  clientSecretFor,
  confirmSandbox,
  intentIdOf,
  orderTestEnv,
  recordPayment,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

/** The sandbox gateway's card payments, which answer as Stripe's test mode does. */
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
      const { order } = await newOrder(t, alice);
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
      const row = await intentRow(t, intentIdOf(secret));
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
        const { order } = await newOrder(t, alice);
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
        expect(await intentRow(t, intentIdOf(secret))).toMatchObject({
          status: 'requires_payment_method',
          lastError: 'card_declined',
        });
        const record = await recordPayment(t, alice, order._id, intentIdOf(secret));
        expect(record.statusCode).toBe(409);
        expect(await orderRow(t, order._id)).toMatchObject({
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
      const { order } = await newOrder(t, alice);
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
        const { order } = await newOrder(t, alice, 2);
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
      // A card number as a JSON number, which the contract's types refuse.
      const malformed = await injectUnchecked(t, api.payments.sandboxConfirm, {
        body: { clientSecret: 'x', card: { number: 4242424242424242 } },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.body).not.toContain('4242424242424242');
    });
  });
});
