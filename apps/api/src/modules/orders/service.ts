import type { Order, PlaceOrder } from '@shop/shared';
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { SignedInUser } from '../users/service.js';
import { normalizeEmail } from '../users/service.js';
import { orders } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { closeIntentBeforeRelease, type PaymentContext } from '../payments/settle.js';
import { orderPlacementMessages, placeOrderRow } from './placement.js';
import type { Db } from '../../db/client.js';
import { findOrder, releaseOrder, toOrder, type OrderRow } from './store.js';

/** What the order rules need: the database, the payment gateway, the log and the hold. */
export interface OrderContext extends PaymentContext {
  holdHours: number;
  /** UNPAID_ORDERS_MAX: the unpaid orders one customer may hold. */
  unpaidMax: number;
}

export const orderMessages = {
  notFound: 'No order with this id.',
  productNotFound: orderPlacementMessages.productNotFound,
  notYours: 'This order belongs to another customer.',
  otherEmail: 'You may only list your own orders. Admins see every order under /allorders.',
  totalTooHigh: orderPlacementMessages.totalTooHigh,
  paidCannotBeCancelled: 'A paid order cannot be cancelled.',
  paidCannotBeDeleted: 'A paid order cannot be deleted.',
  justPaid: 'This order has just been paid, so it can no longer be cancelled.',
  unpaidCannotShip: 'Only a paid order can be shipped.',
} as const;

/**
 * POST /order (DESIGN section 5): the total is computed here from the product, and the stock
 * reserved in the same transaction as the order is stored, so two customers racing for the
 * last pieces cannot both get them (placement.ts; the CHECK on `available` is the backstop).
 */
export async function placeOrder(ctx: OrderContext, user: SignedInUser, input: PlaceOrder) {
  const row = await placeOrderRow(ctx.db, user, input, { unpaidMax: ctx.unpaidMax });
  ctx.log.info(
    { orderId: row.id, productId: row.productId, quantity: row.quantity },
    'order placed',
  );
  return toOrder(row, ctx.holdHours);
}

/** GET /orders?email=: a customer's own orders, newest first. */
export async function listOwnOrders(
  ctx: OrderContext,
  user: SignedInUser,
  email: string | undefined,
): Promise<Order[]> {
  if (email !== undefined && normalizeEmail(email) !== user.email) {
    throw new HttpError(403, orderMessages.otherEmail);
  }
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(eq(orders.userId, user.id))
    .orderBy(desc(orders.seq));
  return rows.map((row) => toOrder(row, ctx.holdHours));
}

/** GET /allorders (admin): every order, newest first. */
export async function listAllOrders(ctx: OrderContext): Promise<Order[]> {
  const rows = await ctx.db.select().from(orders).orderBy(desc(orders.seq));
  return rows.map((row) => toOrder(row, ctx.holdHours));
}

const owns = (user: SignedInUser, order: OrderRow) => order.userId === user.id;

/** The order, when this user may act on it as its owner (or, with `admin`, as an admin). */
export async function orderFor(
  ctx: OrderContext,
  user: SignedInUser,
  id: string,
  { allowAdmin = false } = {},
): Promise<OrderRow> {
  const order = await findOrder(ctx.db, id);
  if (!order) throw notFound(orderMessages.notFound);
  if (!owns(user, order) && !(allowAdmin && user.isAdmin)) {
    throw new HttpError(403, orderMessages.notYours);
  }
  return order;
}

/** GET /order/{id}: the owner or an admin. */
export async function readOrder(ctx: OrderContext, user: SignedInUser, id: string): Promise<Order> {
  return toOrder(await orderFor(ctx, user, id, { allowAdmin: true }), ctx.holdHours);
}

/** How removing an unpaid order ended. */
export type Removal = 'released' | 'already-paid' | 'just-paid' | 'gone';

/**
 * Deletes an unpaid order and releases its stock. Its payment intent is cancelled at the gateway
 * first; when the gateway says the money was already taken, the order is marked paid and kept
 * instead ('just-paid'), so a customer is never charged for an order that no longer exists.
 * `condition` narrows the delete (the sweeper: still past its hold); `alongside` runs in the
 * deleting transaction (the audit row of an admin's deletion).
 */
export async function removeUnpaidOrder(
  ctx: OrderContext,
  order: OrderRow,
  condition?: SQL,
  alongside?: (tx: Db) => Promise<void>,
): Promise<Removal> {
  let current: OrderRow | null = order;
  // An intent made while this runs changes payment_intent_id, so the delete finds nothing and
  // the next round settles that intent first.
  for (let attempt = 0; attempt < 3 && current; attempt += 1) {
    if (current.paid) return 'already-paid';
    if (await closeIntentBeforeRelease(ctx, current)) return 'just-paid';
    if (await releaseOrder(ctx.db, current.id, current.paymentIntentId, condition, alongside)) {
      ctx.log.info(
        { orderId: current.id, quantity: current.quantity },
        'order cancelled, stock released',
      );
      return 'released';
    }
    current = await findOrder(ctx.db, current.id);
  }
  if (!current) return 'gone';
  throw new HttpError(409, 'The order is changing; please try again.');
}

function removalAnswer(removal: Removal, paidMessage: string) {
  if (removal === 'already-paid') throw new HttpError(409, paidMessage);
  if (removal === 'just-paid') throw new HttpError(409, orderMessages.justPaid);
  if (removal === 'gone') throw notFound(orderMessages.notFound);
  return { acknowledged: true as const, deletedCount: 1 };
}

/** DELETE /order/{id}: the owner cancels an unpaid order. */
export async function cancelOwnOrder(ctx: OrderContext, user: SignedInUser, id: string) {
  const order = await orderFor(ctx, user, id);
  return removalAnswer(await removeUnpaidOrder(ctx, order), orderMessages.paidCannotBeCancelled);
}

/** The audit log's name for an order: what, how many, for whom. */
const orderLabel = (order: OrderRow) =>
  `${order.quantity} x ${order.productName} for ${order.email}`;

/** DELETE /delete/{id} (admin): deletes an unpaid order, audited in the deleting transaction. */
export async function deleteOrderAsAdmin(ctx: OrderContext, actor: AuditActor, id: string) {
  const order = await findOrder(ctx.db, id);
  if (!order) throw notFound(orderMessages.notFound);
  const audit = (tx: Db) =>
    recordAudit(tx, {
      actor,
      action: 'order.delete',
      targetType: 'order',
      targetId: order.id,
      targetLabel: orderLabel(order),
      details: { price: order.price, quantity: order.quantity, productId: order.productId },
    });
  return removalAnswer(
    await removeUnpaidOrder(ctx, order, undefined, audit),
    orderMessages.paidCannotBeDeleted,
  );
}

/**
 * PUT /shipping/{id} (admin): a paid order is shipped, audited in the same transaction.
 * Shipping it again changes nothing and records nothing.
 */
export async function shipOrder(ctx: OrderContext, actor: AuditActor, id: string) {
  const shipped = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ shipping: true, shippedAt: sql`coalesce(${orders.shippedAt}, now())` })
      .where(and(eq(orders.id, id), eq(orders.paid, true), eq(orders.shipping, false)))
      .returning();
    if (row) {
      await recordAudit(tx, {
        actor,
        action: 'order.ship',
        targetType: 'order',
        targetId: row.id,
        targetLabel: orderLabel(row),
      });
    }
    return row;
  });
  if (shipped) return { acknowledged: true as const, order: toOrder(shipped, ctx.holdHours) };
  const order = await findOrder(ctx.db, id);
  if (!order) throw notFound(orderMessages.notFound);
  if (!order.paid) throw new HttpError(409, orderMessages.unpaidCannotShip);
  return { acknowledged: true as const, order: toOrder(order, ctx.holdHours) };
}

/** Unpaid orders created before `cutoff`, oldest first: the hold sweeper's work list. */
export async function expiredOrderIds(ctx: OrderContext, cutoff: Date, limit: number) {
  return ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paid, false), lt(orders.createdAt, cutoff)))
    .orderBy(orders.createdAt)
    .limit(limit);
}
