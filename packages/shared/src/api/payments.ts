import { z } from 'zod';
import { apiErrorSchema } from '../common.js';
import { createPaymentIntentSchema, paymentIntentSchema } from '../orders.js';
import {
  sandboxConfirmResultSchema,
  sandboxConfirmSchema,
  sandboxPaymentErrorSchema,
} from '../payments.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** Paying an order (DESIGN section 6). */

export const createIntent = endpoint({
  method: 'POST',
  path: '/create-payment-intent',
  summary:
    'Start paying an order, every unpaid line of a purchase, or invoices on account: the amount comes from what is stored',
  access: 'user',
  who: 'owner',
  body: createPaymentIntentSchema,
  idempotent: true,
  responses: { 200: paymentIntentSchema, ...errors(400, 401, 403, 404, 409, 422) },
});

export const stripeWebhook = endpoint({
  method: 'POST',
  path: '/webhooks/stripe',
  summary: "Stripe's payment_intent.succeeded marks the order paid (idempotent)",
  access: 'stripe',
  rawBody: true,
  responses: { 200: z.object({ received: z.literal(true) }), ...errors(400, 404) },
});

export const sandboxConfirm = endpoint({
  method: 'POST',
  path: '/sandbox/payment-intents/confirm',
  summary: "The test gateway's card payment, in Stripe's shapes (only without Stripe keys)",
  access: 'anyone',
  body: sandboxConfirmSchema,
  responses: {
    200: sandboxConfirmResultSchema,
    400: z.union([sandboxPaymentErrorSchema, apiErrorSchema]),
    402: sandboxPaymentErrorSchema,
    404: sandboxPaymentErrorSchema,
  },
});
