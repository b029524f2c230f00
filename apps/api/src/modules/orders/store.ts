import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { catalogChanged } from '../../db/changes.js';
import { returnStock } from '../../stock/stock.js';
import { statesLeftBy, type OrderEvent, type StoredState } from './lifecycle.js';
import { lockPurchase, lockPurchaseOfOrder, settlePurchase } from './purchase-store.js';

/**
 * The order rows and the few statements that change them. Each change is one conditional
 * statement (`... WHERE <a state the event leaves>`), so two requests, two instances or a
 * request and the hold sweeper racing each other cannot both win: one pays an order once, one
 * deletes it and releases its stock once.
 */

export type { OrderRow } from './rows.js';
import type { OrderRow } from './rows.js';
import { jobsQueued } from '../../kernel/jobs.js';

export { lineCharge, lineChargeSql } from '../../db/line-charge.js';

/** Each stored state as a condition on the row: the flags lifecycle.ts `stateOf` reads. */
const IN_STATE: Record<StoredState, SQL> = {
  unpaid: sql`${orders.paid} = false`,
  paid: sql`(${orders.paid} = true and ${orders.shipping} = false)`,
  shipped: sql`(${orders.paid} = true and ${orders.shipping} = true)`,
};

/** The row is in a state the lifecycle lets `event` move it out of. */
export const leftBy = (event: OrderEvent): SQL | undefined =>
  or(...statesLeftBy(event).map((state) => IN_STATE[state]));

export async function findOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/**
 * Marks an unpaid order paid by this payment intent; `testPayment` when the gateway took no real
 * money (sandbox, or Stripe in test mode). Null when the order is already paid (by this intent or
 * another) or gone; the caller reads it again to tell which. When it was the purchase's last
 * unpaid line, the purchase gets its invoice number in the same transaction.
 */
export async function markPaid(
  db: Db,
  id: string,
  intentId: string,
  { testPayment }: { testPayment: boolean },
): Promise<OrderRow | null> {
  const row = await db.transaction(async (tx) => {
    const purchaseId = await lockPurchaseOfOrder(tx, id);
    if (!purchaseId) return null;
    const [paid] = await tx
      .update(orders)
      .set(paidColumns(intentId, testPayment))
      .where(and(eq(orders.id, id), leftBy('pay')))
      .returning();
    if (paid) await settlePurchase(tx, purchaseId);
    return paid ?? null;
  });
  if (row) {
    jobsQueued(db);
  }
  return row;
}

const paidColumns = (intentId: string, testPayment: boolean) => ({
  paid: true,
  testPayment,
  transactionId: intentId,
  paidAt: sql`now()`,
  paymentIntentId: sql`coalesce(${orders.paymentIntentId}, ${intentId})`,
  // A paid order holds nothing: its hold is over.
  holdExpiresAt: null,
});

/**
 * Marks every unpaid line of a purchase that this intent pays (those linked to it) paid, in one
 * transaction with the purchase locked. Answers the lines it marked; none when they were paid
 * already or the purchase is gone.
 */
export async function markPaidByIntent(
  db: Db,
  purchaseId: string,
  intentId: string,
  { testPayment }: { testPayment: boolean },
): Promise<OrderRow[]> {
  const rows = await db.transaction(async (tx) => {
    if (!(await lockPurchase(tx, purchaseId))) return [];
    const paid = await tx
      .update(orders)
      .set(paidColumns(intentId, testPayment))
      .where(
        and(eq(orders.purchaseId, purchaseId), eq(orders.paymentIntentId, intentId), leftBy('pay')),
      )
      .returning();
    if (paid.length > 0) await settlePurchase(tx, purchaseId);
    return paid;
  });
  if (rows.length > 0) {
    jobsQueued(db);
  }
  return rows;
}

/** Where the admin said a shipped order went with: PUT /shipping/{id}'s optional body. */
export interface Shipment {
  carrier: string | null;
  trackingNumber: string | null;
}

/**
 * Deletes an order `event` may remove (an unpaid one) and gives its pieces back to the product,
 * in one transaction. Only when the order still has the payment intent the caller saw (and
 * settled at the gateway): an intent made meanwhile must be settled first. False when nothing
 * was deleted. `alongside` runs in that transaction once the order is gone (an admin's deletion
 * writes its audit row there).
 */
export async function releaseOrder(
  db: Db,
  id: string,
  event: Extract<OrderEvent, 'cancel' | 'delete' | 'expire'>,
  seenIntentId: string | null,
  extra?: SQL,
  alongside?: (tx: Db) => Promise<void>,
): Promise<boolean> {
  const released = await db.transaction(async (tx) => {
    // The purchase first, as every change of a line locks it: see purchase-store.ts.
    const purchaseId = await lockPurchaseOfOrder(tx, id);
    if (!purchaseId) return false;
    const [gone] = await tx
      .delete(orders)
      .where(
        and(
          eq(orders.id, id),
          leftBy(event),
          seenIntentId === null
            ? isNull(orders.paymentIntentId)
            : eq(orders.paymentIntentId, seenIntentId),
          extra,
        ),
      )
      .returning({ productId: orders.productId, quantity: orders.quantity });
    if (!gone) return false;
    if (gone.productId) await returnStock(tx, gone.productId, gone.quantity);
    await alongside?.(tx);
    // The rest may all be paid now (receipt and invoice), or nothing may be left of it.
    await settlePurchase(tx, purchaseId);
    return true;
  });
  if (released) {
    catalogChanged(db);
    jobsQueued(db);
  }
  return released;
}

/** The row's stored hold has ended by `now`. */
export const holdEndedBy = (now: Date): SQL => lt(orders.holdExpiresAt, now);

/** Unpaid orders whose hold ended before `now`, soonest first: the hold sweeper's work list. */
export async function expiredOrderIds(db: Db, now: Date, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(leftBy('expire'), holdEndedBy(now)))
    .orderBy(orders.holdExpiresAt)
    .limit(limit);
}
