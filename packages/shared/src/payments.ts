import { z } from 'zod';
import { isSafeText } from './fields.js';
import { messages } from './messages.js';

/**
 * The sandbox payment gateway's own calls, in Stripe's shapes, used when no Stripe keys are set
 * (DESIGN section 6).
 */

/**
 * The sandbox gateway's stand-in for Stripe.js `confirmCardPayment` (DESIGN section 6):
 * POST /sandbox/payment-intents/confirm. Only when GET /config says gateway "sandbox".
 */
export const sandboxConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(200).refine(isSafeText, messages.unsafeText),
  card: z.object({
    /** Digits; spaces and dashes are ignored. */
    number: z.string().max(40),
    expMonth: z.coerce.number().int(),
    /** Four digits, or two (taken as 20yy). */
    expYear: z.coerce.number().int(),
    cvc: z.string().max(10),
  }),
  billingDetails: z.object({ name: z.string().max(200), email: z.string().max(254) }).partial(),
});
export type SandboxConfirm = z.infer<typeof sandboxConfirmSchema>;

/** 200: the payment went through; `id` is the transactionId to send to PUT /order/{id}. */
export const sandboxConfirmResultSchema = z.object({
  paymentIntent: z.object({
    id: z.string(),
    status: z.literal('succeeded'),
    amount: z.number().int(),
    currency: z.string(),
  }),
});
export type SandboxConfirmResult = z.infer<typeof sandboxConfirmResultSchema>;

/** 402 (card declined or invalid), 400 or 404 (intent in the wrong state or unknown): Stripe's error shape. */
export const sandboxPaymentErrorSchema = z.object({
  error: z.object({
    type: z.enum(['card_error', 'invalid_request_error']),
    code: z.string(),
    decline_code: z.string().optional(),
    /** Shown to the customer as is, in red above Pay. */
    message: z.string(),
  }),
});
export type SandboxPaymentError = z.infer<typeof sandboxPaymentErrorSchema>;
