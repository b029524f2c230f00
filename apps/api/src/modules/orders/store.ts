import { orderStatus, type Order } from '@shop/shared';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, products } from '../../db/schema.js';
import { catalogChanged } from '../catalog/snapshot.js';

/**
 * The order rows and the few statements that change them. Each change is one conditional
 * statement (`... WHERE paid = false`), so two requests, two instances or a request and the
 * hold sweeper racing each other cannot both win: one pays an order once, one deletes it and
 * releases its stock once.
 */

export type OrderRow = typeof orders.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;

/** The answer shape of every order endpoint (`orderSchema`). */
export function toOrder(row: OrderRow, holdHours: number): Order {
  return {
    _id: row.id,
    productId: row.productId,
    productName: row.productName,
    img: row.img,
    description: row.description,
    quantity: row.quantity,
    price: row.price,
    name: row.name,
    email: row.email,
    number: row.number,
    address: row.address,
    paid: row.paid,
    shipping: row.shipping,
    transactionId: row.transactionId,
    testPayment: row.testPayment,
    status: orderStatus(row),
    createdAt: row.createdAt.toISOString(),
    holdExpiresAt: row.paid ? null : new Date(holdUntil(row.createdAt, holdHours)).toISOString(),
  };
}

export const holdUntil = (createdAt: Date, holdHours: number) =>
  createdAt.getTime() + holdHours * HOUR_MS;

export async function findOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/**
 * Marks an unpaid order paid by this payment intent; `testPayment` when the gateway took no real
 * money (sandbox, or Stripe in test mode). Null when the order is already paid (by this intent or
 * another) or gone; the caller reads it again to tell which.
 */
export async function markPaid(
  db: Db,
  id: string,
  intentId: string,
  { testPayment }: { testPayment: boolean },
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({
      paid: true,
      testPayment,
      transactionId: intentId,
      paidAt: sql`now()`,
      paymentIntentId: sql`coalesce(${orders.paymentIntentId}, ${intentId})`,
    })
    .where(and(eq(orders.id, id), eq(orders.paid, false)))
    .returning();
  return row ?? null;
}

/**
 * Deletes an unpaid order and gives its pieces back to the product, in one transaction. Only
 * when the order still has the payment intent the caller saw (and settled at the gateway): an
 * intent made meanwhile must be settled first. False when nothing was deleted. `alongside` runs
 * in that transaction once the order is gone (an admin's deletion writes its audit row there).
 */
export async function releaseOrder(
  db: Db,
  id: string,
  seenIntentId: string | null,
  extra?: SQL,
  alongside?: (tx: Db) => Promise<void>,
): Promise<boolean> {
  const released = await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(orders)
      .where(
        and(
          eq(orders.id, id),
          eq(orders.paid, false),
          seenIntentId === null
            ? isNull(orders.paymentIntentId)
            : eq(orders.paymentIntentId, seenIntentId),
          extra,
        ),
      )
      .returning({ productId: orders.productId, quantity: orders.quantity });
    if (!gone) return false;
    if (gone.productId) {
      await tx
        .update(products)
        .set({ available: sql`${products.available} + ${gone.quantity}` })
        .where(eq(products.id, gone.productId));
    }
    await alongside?.(tx);
    return true;
  });
  if (released) catalogChanged(db);
  return released;
}
