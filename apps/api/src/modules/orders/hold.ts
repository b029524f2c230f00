import type { PaymentContext } from './context.js';
import { allows } from './lifecycle.js';
import { removeUnpaidOrder } from './removal.js';
import { expiredOrderIds, findOrder, holdEndedBy } from './store.js';

/**
 * The stock hold: an unpaid order keeps its pieces until its stored `hold_expires_at`
 * (ORDER_HOLD_HOURS after it was placed), then it is cancelled and the pieces go back on sale, so
 * abandoned orders cannot lock the catalogue. An order whose payment went through meanwhile is
 * marked paid instead.
 *
 * Safe on several instances at once: each order is settled at the gateway (cancelling twice is
 * harmless) and deleted by a conditional delete in its own transaction, so its stock is released
 * exactly once.
 */

const BATCH = 100;

export interface SweepResult {
  released: number;
  markedPaid: number;
  failed: number;
}

/** One sweep, as if the time were `now` (tests pass a time after the hold). */
export async function sweepExpiredOrders(
  ctx: PaymentContext,
  now: Date = new Date(),
): Promise<SweepResult> {
  const result: SweepResult = { released: 0, markedPaid: 0, failed: 0 };
  const seen = new Set<string>();
  for (;;) {
    const batch = (await expiredOrderIds(ctx.db, now, BATCH)).filter(({ id }) => !seen.has(id));
    for (const { id } of batch) {
      seen.add(id);
      try {
        const order = await findOrder(ctx.db, id);
        if (!order || !allows(order, 'expire')) continue;
        const removal = await removeUnpaidOrder(ctx, order, 'expire', holdEndedBy(now));
        if (removal.outcome === 'released') result.released += 1;
        if (removal.outcome === 'just-paid') result.markedPaid += 1;
      } catch (error) {
        // One order the gateway cannot settle now must not hold up the others; next sweep retries.
        result.failed += 1;
        ctx.log.error({ err: error, orderId: id }, 'could not release an expired order');
      }
    }
    if (batch.length === 0) break;
  }
  if (result.released || result.markedPaid || result.failed) {
    ctx.log.info(result, 'swept unpaid orders past their hold');
  }
  return result;
}
