import Stripe from 'stripe';

/**
 * The card payment gateway of DESIGN section 6: Stripe when STRIPE_SECRET_KEY is set, the
 * built-in sandbox otherwise. Services see only this interface, so the rules that decide when an
 * order is paid are the same code, and the same tests, for both.
 */

/** The currency every order is charged in. Amounts are in cents. */
export const CURRENCY = 'usd';

/** Stripe's PaymentIntent statuses (succeeded, canceled, requires_payment_method, ...); the sandbox uses three. */
export type IntentStatus = Stripe.PaymentIntent.Status;

export interface GatewayIntent {
  id: string;
  status: IntentStatus;
  /** Cents. */
  amount: number;
  currency: string;
  /** `metadata.orderId`: the order the intent was made for (null for a purchase's intent). */
  orderId: string | null;
  /** `metadata.purchaseId`: the purchase whose unpaid lines the intent pays. */
  purchaseId: string | null;
  /** `metadata.invoicePaymentId`: the card payment of invoices on account it takes. */
  invoicePaymentId: string | null;
  clientSecret: string | null;
  /**
   * Stripe's `livemode`: false for the sandbox and for Stripe with a test key (`sk_test_`), where
   * no money moves. Orders paid so are marked `testPayment`, so nobody ships goods for them.
   */
  livemode: boolean;
}

/**
 * What an intent is made from: the stored order (or purchase), never a figure the browser sent.
 */
export interface IntentOrder {
  /** The id of what it pays: an order, a purchase or an invoice payment (`pays`). */
  id: string;
  /** The total in cents, as the shop keeps it and Stripe counts it. */
  price: number;
  /**
   * An order (the default), every unpaid line of purchase `id` (metadata.purchaseId), or the
   * invoices on account of invoice payment `id` (metadata.invoicePaymentId).
   */
  pays?: 'order' | 'purchase' | 'invoices';
  /**
   * What the new intent replaces (a cancelled intent, or the set of lines it pays), so asking
   * again after a change makes a new intent rather than finding the cancelled one.
   */
  replaces?: string;
}

export interface RefundOptions {
  /** Cents; the whole intent when left out. */
  amount?: number;
  /** What makes a retried request the same refund (Stripe's Idempotency-Key). */
  key?: string;
}

export interface WebhookEvent {
  id: string;
  type: string;
  /** The payment intent of a `payment_intent.*` event, null for other events. */
  intent: GatewayIntent | null;
}

export interface PaymentGateway {
  kind: 'sandbox' | 'stripe';
  /** Makes (or, for the same order and total, finds again) the intent that takes the money. */
  createIntent(order: IntentOrder): Promise<{ id: string; clientSecret: string }>;
  /** The intent as the gateway knows it, or null when it has no intent with this id. */
  retrieve(intentId: string): Promise<GatewayIntent | null>;
  /**
   * Cancels an intent that has not taken money. Answers the intent afterwards: `succeeded`
   * when it had already taken the money (then it cannot be cancelled), `canceled` otherwise.
   */
  cancel(intentId: string): Promise<GatewayIntent>;
  /**
   * Gives money of a succeeded intent back: the whole amount, or `amount` cents of it (a credit
   * note, docs/decisions/039). Asking twice with the same `key` (or, for a whole refund, at all)
   * refunds once. Answers the gateway's refund id (null when the whole amount was given back
   * already). Throws when the gateway refuses (more than is left to refund, say).
   */
  refund(intentId: string, options?: RefundOptions): Promise<string | null>;
  /** Verifies Stripe's signature on the raw body; throws WebhookSignatureError when it fails. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}

/**
 * What the gateway charges for an order total: the total itself, which the shop keeps in integer
 * cents as Stripe counts them (docs/decisions/027), so nothing is multiplied or rounded.
 */
export const amountInCents = (price: number) => price;

/** Stripe's idempotency key for an intent: a new total, or a replaced intent, needs a new one. */
export const intentIdempotencyKey = (order: IntentOrder) =>
  `${order.pays ?? 'order'}-${order.id}-${order.price}` +
  (order.replaces ? `-${order.replaces}` : '');

const METADATA_KEY = { order: 'orderId', purchase: 'purchaseId', invoices: 'invoicePaymentId' };

/** The intent's metadata: which order, purchase or invoice payment it pays. */
export const intentMetadata = (order: IntentOrder): Record<string, string> => ({
  [METADATA_KEY[order.pays ?? 'order']]: order.id,
});

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** Payment intent ids as Stripe makes them; anything else is not looked up at all. */
export const INTENT_ID = /^pi_[A-Za-z0-9]{1,100}$/;

export function toGatewayIntent(intent: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId ?? null,
    purchaseId: intent.metadata?.purchaseId ?? null,
    invoicePaymentId: intent.metadata?.invoicePaymentId ?? null,
    clientSecret: intent.client_secret ?? null,
    // Anything but Stripe's explicit `true` counts as a test payment: marking a real payment as a
    // test costs a second look, the opposite mistake ships goods nobody paid for.
    livemode: intent.livemode === true,
  };
}

/**
 * Stripe's webhook check (HMAC of the raw body, at most 5 minutes old). Both gateways use it:
 * the sandbox can receive Stripe-shaped events too when STRIPE_WEBHOOK_SECRET is set.
 */
export function parseStripeWebhook(
  secret: string | undefined,
  rawBody: Buffer,
  signature: string | undefined,
): WebhookEvent {
  if (!secret) throw new WebhookSignatureError('Webhooks are not configured.');
  if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new WebhookSignatureError('The webhook signature is not valid.');
  }
  const object = event.data.object as { object?: string };
  const intent =
    event.type.startsWith('payment_intent.') && object.object === 'payment_intent'
      ? toGatewayIntent(object as Stripe.PaymentIntent)
      : null;
  return { id: event.id, type: event.type, intent };
}
