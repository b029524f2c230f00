import type { RecordPayment } from '@shop/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { orders } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { INTENT_ID, type WebhookEvent } from '../../payments/gateway.js';
import type { SignedInUser } from '../../kernel/people.js';
import type { PaymentContext } from './context.js';
import { advance, allows } from './lifecycle.js';
import { orderMessages, paymentMessages } from './messages.js';
import { orderFor } from './reading.js';
import { toOrder } from './serialize.js';
import { intentProblem, settleSucceededIntent } from './settle.js';
import { lockPurchaseOfOrder } from './purchase-store.js';
import { findOrder, leftBy, lineCharge } from './store.js';

/**
 * POST /create-payment-intent with `orderId`: the client secret the web page confirms the card
 * payment with. The amount is the stored order's total, never a figure from the browser. An order
 * has one intent: asking again answers the same one, so paying twice cannot charge twice. An
 * intent that can no longer pay this order alone (cancelled, or its purchase's intent for every
 * line) is cancelled at the gateway and replaced.
 */
export async function createPaymentIntent(
  ctx: PaymentContext,
  user: SignedInUser,
  orderId: string,
) {
  const order = await orderFor(ctx.db, user, orderId);
  advance(order, 'pay');
  if (lineCharge(order) <= 0) throw new HttpError(409, paymentMessages.free);

  const previous = order.paymentIntentId;
  if (previous) {
    const intent = await ctx.gateway.retrieve(previous);
    if (intent?.status === 'succeeded') {
      await settleSucceededIntent(ctx, intent);
      throw new HttpError(409, paymentMessages.alreadyPaid);
    }
    if (intent && intent.status !== 'canceled' && intent.clientSecret && !intent.purchaseId) {
      return { clientSecret: intent.clientSecret };
    }
    if (intent && intent.status !== 'canceled') await cancelOrSettle(ctx, intent.id);
  }

  const created = await ctx.gateway.createIntent({
    id: order.id,
    price: lineCharge(order),
    ...(previous ? { replaces: previous } : {}),
  });
  // Under the purchase's lock, as a purchase's intent links its lines (purchases/payment.ts).
  const linked = await ctx.db.transaction(async (tx) => {
    await lockPurchaseOfOrder(tx, order.id);
    const [row] = await tx
      .update(orders)
      .set({ paymentIntentId: created.id })
      .where(
        and(
          eq(orders.id, order.id),
          leftBy('pay'),
          previous ? eq(orders.paymentIntentId, previous) : isNull(orders.paymentIntentId),
        ),
      )
      .returning({ id: orders.id });
    return row;
  });
  if (linked) return { clientSecret: created.clientSecret };

  // Someone else linked an intent (the same one, thanks to the idempotency key), or the order
  // was paid or cancelled meanwhile.
  const now = await findOrder(ctx.db, order.id);
  if (now?.paymentIntentId === created.id && allows(now, 'pay'))
    return { clientSecret: created.clientSecret };
  await ctx.gateway.cancel(created.id);
  if (!now) throw notFound(orderMessages.notFound);
  if (allows(now, 'pay')) throw new HttpError(409, orderMessages.changing);
  throw new HttpError(409, paymentMessages.alreadyPaid);
}

/**
 * Cancels an intent that is to be replaced. When the gateway says it had taken the money after
 * all, the payment is recorded and the caller is told the order is paid (409).
 */
export async function cancelOrSettle(ctx: PaymentContext, intentId: string) {
  const intent = await ctx.gateway.cancel(intentId);
  if (intent.status === 'succeeded') {
    await settleSucceededIntent(ctx, intent);
    throw new HttpError(409, paymentMessages.alreadyPaid);
  }
}

/**
 * PUT /order/{id} with `{ _id, transactionId }` (SPEC section 7): marks the order paid only
 * after the gateway says this payment succeeded, for this order, for its total in USD.
 * Recording the same payment again answers the paid order; nothing else changes it.
 */
export async function recordPayment(
  ctx: PaymentContext,
  user: SignedInUser,
  id: string,
  { _id, transactionId }: RecordPayment,
) {
  if (_id !== id) throw new HttpError(400, paymentMessages.idMismatch);
  const order = await findOrder(ctx.db, id);
  if (!order) {
    await refundIfOrphan(ctx, id, transactionId);
    throw notFound(orderMessages.notFound);
  }
  if (order.userId !== user.id) throw new HttpError(403, orderMessages.notYours);
  const answer = (row: typeof order) => ({ acknowledged: true as const, order: toOrder(row) });
  // The same payment recorded again is answered, not refused.
  if (order.paid && order.transactionId === transactionId) return answer(order);
  advance(order, 'pay');

  const intent = INTENT_ID.test(transactionId) ? await ctx.gateway.retrieve(transactionId) : null;
  if (!intent) throw new HttpError(400, paymentMessages.unknownPayment);
  const problem = intentProblem(order, intent);
  if (problem) throw problem;

  const settlement = await settleSucceededIntent(ctx, intent);
  if (settlement.outcome === 'paid') return answer(settlement.order);
  if (settlement.reason === 'order-missing') throw notFound(paymentMessages.orderGoneRefunded);
  throw new HttpError(409, paymentMessages.alreadyPaid);
}

/** A payment for an order that was cancelled meanwhile is given back, not kept. */
async function refundIfOrphan(ctx: PaymentContext, orderId: string, transactionId: string) {
  if (!INTENT_ID.test(transactionId)) return;
  const intent = await ctx.gateway.retrieve(transactionId);
  if (intent?.orderId === orderId && intent.status === 'succeeded') {
    await settleSucceededIntent(ctx, intent);
  }
}

/** POST /webhooks/stripe after the signature check: `payment_intent.succeeded` pays its order. */
export async function handleWebhookEvent(ctx: PaymentContext, event: WebhookEvent) {
  if (event.type !== 'payment_intent.succeeded' || !event.intent) {
    return { received: true as const };
  }
  const settlement = await settleSucceededIntent(ctx, event.intent);
  ctx.log.info(
    { eventId: event.id, intentId: event.intent.id, outcome: settlement.outcome },
    'payment webhook handled',
  );
  return { received: true as const };
}
