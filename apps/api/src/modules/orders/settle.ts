import { HttpError } from '../../http/errors.js';
import { amountInCents, CURRENCY, type GatewayIntent } from '../../payments/gateway.js';
import type { PaymentContext } from './context.js';
import { allows } from './lifecycle.js';
import { paymentMessages } from './messages.js';
import { findOrder, lineCharge, markPaid, markPaidByIntent, type OrderRow } from './store.js';
import { and, eq } from 'drizzle-orm';
import { orders } from '../../db/schema.js';

/**
 * The one place that decides whether money the gateway took pays an order. The browser's
 * PUT /order/{id}, Stripe's webhook, a cancellation that finds the intent already succeeded and
 * the hold sweeper all come here, in any order and any number of times, and end the same way:
 * one paid order with one transaction id, or the money given back.
 */

/** Why this intent does not pay this order, or null when it does. */
export function intentProblem(order: OrderRow, intent: GatewayIntent): HttpError | null {
  if (intent.orderId !== order.id) return new HttpError(400, paymentMessages.otherOrder);
  return amountProblem(lineCharge(order), intent);
}

/** Why this intent does not pay `price` (cents) now, or null when it does. */
export function amountProblem(price: number, intent: GatewayIntent): HttpError | null {
  if (intent.amount !== amountInCents(price) || intent.currency !== CURRENCY) {
    return new HttpError(400, paymentMessages.wrongAmount);
  }
  if (intent.status !== 'succeeded') {
    return new HttpError(409, paymentMessages.notSucceeded(intent.status));
  }
  return null;
}

export type Settlement =
  /** `order`: the intent's order, or for a purchase's intent the first line it paid. */
  | { outcome: 'paid'; order: OrderRow }
  | { outcome: 'refunded'; reason: 'order-missing' | 'paid-by-another-intent' | 'mismatch' }
  | { outcome: 'ignored'; reason: string };

async function refund(ctx: PaymentContext, intent: GatewayIntent, reason: string) {
  await ctx.gateway.refund(intent.id);
  ctx.log.warn(
    { intentId: intent.id, orderId: intent.orderId, amount: intent.amount, reason },
    'refunded a payment that pays no order',
  );
}

/**
 * A succeeded intent, as the gateway reports it: marks its order paid (once), or refunds the
 * money when the order is gone, already paid by another intent, or of another total.
 */
export async function settleSucceededIntent(
  ctx: PaymentContext,
  intent: GatewayIntent,
): Promise<Settlement> {
  if (intent.status !== 'succeeded') return { outcome: 'ignored', reason: 'not succeeded' };
  if (intent.purchaseId) return settlePurchaseIntent(ctx, intent, intent.purchaseId);
  if (!intent.orderId) return { outcome: 'ignored', reason: 'no order id in metadata' };
  // Twice at most: a concurrent change between reading and updating is read again once.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const order = await findOrder(ctx.db, intent.orderId);
    if (!order) {
      await refund(ctx, intent, 'order-missing');
      return { outcome: 'refunded', reason: 'order-missing' };
    }
    if (!allows(order, 'pay')) {
      if (order.transactionId === intent.id) return { outcome: 'paid', order };
      await refund(ctx, intent, 'paid-by-another-intent');
      return { outcome: 'refunded', reason: 'paid-by-another-intent' };
    }
    if (intentProblem(order, intent)) {
      await refund(ctx, intent, 'mismatch');
      return { outcome: 'refunded', reason: 'mismatch' };
    }
    // The sandbox never moves money, whatever an intent (or a webhook body) says.
    const testPayment = ctx.gateway.kind === 'sandbox' || !intent.livemode;
    const paid = await markPaid(ctx.db, order.id, intent.id, { testPayment });
    if (paid) {
      ctx.log.info({ orderId: order.id, intentId: intent.id, testPayment }, 'order paid');
      return { outcome: 'paid', order: paid };
    }
  }
  throw new Error(`Order ${intent.orderId} changed twice while its payment was recorded.`);
}

/**
 * A purchase's succeeded intent pays the lines linked to it (POST /create-payment-intent with
 * `purchaseId` links every unpaid line): all of them at once, when their totals add up to what
 * was paid. A line leaves the intent only when the intent is cancelled first (cancelling a line,
 * or paying it alone), so the lines it finds are the lines it was made for.
 */
async function settlePurchaseIntent(
  ctx: PaymentContext,
  intent: GatewayIntent,
  purchaseId: string,
): Promise<Settlement> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const lines = await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.purchaseId, purchaseId), eq(orders.paymentIntentId, intent.id)));
    const first = lines[0];
    if (!first) {
      await refund(ctx, intent, 'order-missing');
      return { outcome: 'refunded', reason: 'order-missing' };
    }
    // A line another payment paid: this one was not needed for it, so it goes back whole.
    if (lines.some((line) => line.paid && line.transactionId !== intent.id)) {
      await refund(ctx, intent, 'paid-by-another-intent');
      return { outcome: 'refunded', reason: 'paid-by-another-intent' };
    }
    if (lines.every((line) => line.paid)) return { outcome: 'paid', order: first };
    const total = lines.reduce((sum, line) => sum + lineCharge(line), 0);
    if (amountProblem(total, intent)) {
      await refund(ctx, intent, 'mismatch');
      return { outcome: 'refunded', reason: 'mismatch' };
    }
    const testPayment = ctx.gateway.kind === 'sandbox' || !intent.livemode;
    const paid = await markPaidByIntent(ctx.db, purchaseId, intent.id, { testPayment });
    const [firstPaid] = paid;
    if (firstPaid) {
      ctx.log.info(
        { purchaseId, intentId: intent.id, lines: paid.length, testPayment },
        'purchase paid',
      );
      return { outcome: 'paid', order: firstPaid };
    }
  }
  throw new Error(`Purchase ${purchaseId} changed twice while its payment was recorded.`);
}

/**
 * Before an unpaid order is deleted (cancel, admin delete, hold expiry): makes sure its intent
 * can no longer take money. Answers the paid order when the intent had already succeeded, so
 * the caller keeps the order instead of deleting one the customer paid for.
 */
export async function closeIntentBeforeRelease(
  ctx: PaymentContext,
  order: OrderRow,
): Promise<OrderRow | null> {
  if (!order.paymentIntentId) return null;
  const intent = await ctx.gateway.cancel(order.paymentIntentId);
  if (intent.status !== 'succeeded') return null;
  const settlement = await settleSucceededIntent(ctx, intent);
  return settlement.outcome === 'paid' ? settlement.order : null;
}
