import type { RecordPayment } from '@shop/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { orders } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { INTENT_ID, type WebhookEvent } from '../../payments/gateway.js';
import type { SignedInUser } from '../users/service.js';
import { orderFor, orderMessages, type OrderContext } from '../orders/service.js';
import { findOrder, toOrder } from '../orders/store.js';
import { intentProblem, paymentMessages, settleSucceededIntent } from './settle.js';

/**
 * POST /create-payment-intent: the client secret the web page confirms the card payment with.
 * The amount is the stored order's total, never a figure from the browser. An order has one
 * intent: asking again answers the same one, so paying twice cannot charge twice.
 */
export async function createPaymentIntent(ctx: OrderContext, user: SignedInUser, orderId: string) {
  const order = await orderFor(ctx, user, orderId);
  if (order.paid) throw new HttpError(409, paymentMessages.alreadyPaid);
  if (order.price <= 0) throw new HttpError(409, 'This order is free: there is nothing to pay.');

  if (order.paymentIntentId) {
    const intent = await ctx.gateway.retrieve(order.paymentIntentId);
    if (intent?.status === 'succeeded') {
      await settleSucceededIntent(ctx, intent);
      throw new HttpError(409, paymentMessages.alreadyPaid);
    }
    if (intent && intent.status !== 'canceled' && intent.clientSecret) {
      return { clientSecret: intent.clientSecret };
    }
    throw new HttpError(409, 'The payment of this order was cancelled. Please order again.');
  }

  const created = await ctx.gateway.createIntent({ id: order.id, price: order.price });
  const [linked] = await ctx.db
    .update(orders)
    .set({ paymentIntentId: created.id })
    .where(and(eq(orders.id, order.id), eq(orders.paid, false), isNull(orders.paymentIntentId)))
    .returning({ id: orders.id });
  if (linked) return { clientSecret: created.clientSecret };

  // Someone else linked an intent (the same one, thanks to the idempotency key), or the order
  // was paid or cancelled meanwhile.
  const now = await findOrder(ctx.db, order.id);
  if (now?.paymentIntentId === created.id && !now.paid)
    return { clientSecret: created.clientSecret };
  if (!now) {
    await ctx.gateway.cancel(created.id);
    throw notFound(orderMessages.notFound);
  }
  throw new HttpError(409, paymentMessages.alreadyPaid);
}

/**
 * PUT /order/{id} with `{ _id, transactionId }` (SPEC section 7): marks the order paid only
 * after the gateway says this payment succeeded, for this order, for its total in USD.
 * Recording the same payment again answers the paid order; nothing else changes it.
 */
export async function recordPayment(
  ctx: OrderContext,
  user: SignedInUser,
  id: string,
  { _id, transactionId }: RecordPayment,
) {
  if (_id !== id)
    throw new HttpError(400, '_id: The _id in the body must be the id in the address.');
  const order = await findOrder(ctx.db, id);
  if (!order) {
    await refundIfOrphan(ctx, id, transactionId);
    throw notFound(orderMessages.notFound);
  }
  if (order.userId !== user.id) throw new HttpError(403, orderMessages.notYours);
  const answer = (row: typeof order) => ({
    acknowledged: true as const,
    order: toOrder(row, ctx.holdHours),
  });
  if (order.paid) {
    if (order.transactionId === transactionId) return answer(order);
    throw new HttpError(409, paymentMessages.alreadyPaid);
  }

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
async function refundIfOrphan(ctx: OrderContext, orderId: string, transactionId: string) {
  if (!INTENT_ID.test(transactionId)) return;
  const intent = await ctx.gateway.retrieve(transactionId);
  if (intent?.orderId === orderId && intent.status === 'succeeded') {
    await settleSucceededIntent(ctx, intent);
  }
}

/** POST /webhooks/stripe after the signature check: `payment_intent.succeeded` pays its order. */
export async function handleWebhookEvent(ctx: OrderContext, event: WebhookEvent) {
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
