import { createHash } from 'node:crypto';
import { purchaseMessages, type Purchase } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import { orders } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { INTENT_ID } from '../../payments/gateway.js';
import type { PaymentContext } from './context.js';
import { paymentMessages } from './messages.js';
import { cancelOrSettle } from './payment.js';
import { lockPurchase, purchaseLines } from './purchase-store.js';
import { settleSucceededIntent } from './settle.js';
import { leftBy, lineCharge, type OrderRow } from './store.js';
import type { SignedInUser } from '../../kernel/people.js';
import { purchaseFor, readOwnPurchase } from './purchase-reading.js';

/**
 * Paying a purchase at once (DESIGN section 8): one intent for every unpaid line. The intent is
 * linked to each line it pays (`payment_intent_id`), and the settlement pays exactly the lines
 * linked to it (settle.ts), so it is as safe against double charges and races as an order's own.
 */

const unpaidOf = (lines: OrderRow[]) => lines.filter((line) => !line.paid);

/** The lines an intent is made for, and the intents they had: a change makes a new intent. */
const fingerprint = (lines: OrderRow[]) =>
  createHash('sha256')
    .update(lines.map((line) => `${line.id}:${line.paymentIntentId ?? ''}`).join(','))
    .digest('hex')
    .slice(0, 16);

/** POST /create-payment-intent with `purchaseId`: the owner pays every unpaid line. */
export async function createPurchaseIntent(
  ctx: PaymentContext,
  user: SignedInUser,
  purchaseId: string,
): Promise<{ clientSecret: string }> {
  const purchase = await purchaseFor(ctx.db, user, purchaseId);
  if (purchase.closedAs) throw new HttpError(409, purchaseMessages.closed);
  if (purchase.awaitingLines) throw new HttpError(409, purchaseMessages.awaitingApproval);
  const unpaid = unpaidOf(await purchaseLines(ctx.db, [purchase.id]));
  if (unpaid.length === 0) throw new HttpError(409, purchaseMessages.nothingToPay);
  const total = unpaid.reduce((sum, line) => sum + lineCharge(line), 0);
  if (total <= 0) throw new HttpError(409, paymentMessages.free);

  // Every unpaid line already on one usable intent of this purchase: that one again.
  const intents = [...new Set(unpaid.map((line) => line.paymentIntentId))];
  const [only] = intents;
  if (intents.length === 1 && only) {
    const intent = await ctx.gateway.retrieve(only);
    if (intent?.status === 'succeeded') {
      await settleSucceededIntent(ctx, intent);
      throw new HttpError(409, paymentMessages.alreadyPaid);
    }
    if (intent?.purchaseId === purchase.id && intent.status !== 'canceled' && intent.clientSecret) {
      return { clientSecret: intent.clientSecret };
    }
  }
  // Intents of single lines (or a purchase intent of an earlier set of lines) are cancelled
  // first: a line is never payable by two intents at once.
  for (const intentId of intents) {
    if (!intentId) continue;
    const intent = await ctx.gateway.retrieve(intentId);
    if (intent && intent.status !== 'canceled') await cancelOrSettle(ctx, intentId);
  }

  const created = await ctx.gateway.createIntent({
    id: purchase.id,
    price: total,
    pays: 'purchase',
    replaces: fingerprint(unpaid),
  });
  const linked = await ctx.db.transaction(async (tx) => {
    await lockPurchase(tx, purchase.id);
    const now = unpaidOf(await purchaseLines(tx, [purchase.id]));
    if (fingerprint(now) !== fingerprint(unpaid)) {
      // Linked by a concurrent request for the same lines: the same intent (same key).
      return now.length > 0 && now.every((line) => line.paymentIntentId === created.id);
    }
    await tx
      .update(orders)
      .set({ paymentIntentId: created.id })
      .where(and(eq(orders.purchaseId, purchase.id), leftBy('pay')));
    return true;
  });
  if (linked) return { clientSecret: created.clientSecret };
  await ctx.gateway.cancel(created.id);
  throw new HttpError(409, purchaseMessages.changed);
}

/**
 * PUT /purchase/{id}/pay `{ transactionId }`: marks every unpaid line paid once the gateway says
 * this payment for this purchase succeeded, for its lines' total. Recording it again answers
 * the purchase as it is.
 */
export async function recordPurchasePayment(
  ctx: PaymentContext,
  user: SignedInUser,
  purchaseId: string,
  transactionId: string,
): Promise<Purchase> {
  const purchase = await purchaseFor(ctx.db, user, purchaseId);
  const intent = INTENT_ID.test(transactionId) ? await ctx.gateway.retrieve(transactionId) : null;
  if (!intent) throw new HttpError(400, paymentMessages.unknownPayment);
  if (intent.purchaseId !== purchase.id) {
    throw new HttpError(400, 'This payment belongs to another purchase.');
  }
  if (intent.status !== 'succeeded') {
    throw new HttpError(409, paymentMessages.notSucceeded(intent.status));
  }
  const settlement = await settleSucceededIntent(ctx, intent);
  if (settlement.outcome === 'paid') return readOwnPurchase(ctx.db, user, purchase.id);
  if (settlement.reason === 'order-missing') throw notFound(paymentMessages.orderGoneRefunded);
  throw new HttpError(409, paymentMessages.alreadyPaid);
}
