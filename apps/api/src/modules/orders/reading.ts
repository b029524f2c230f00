import type { Order, PageQuery } from '@shop/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { normalizeEmail, type SignedInUser } from '../../kernel/people.js';
import { orderMessages } from './messages.js';
import { toOrder } from './serialize.js';
import { findOrder, type OrderRow } from './store.js';

/**
 * GET /orders?email=&page=&limit=: a customer's own orders, newest first; SPEC's plain array, at
 * most 100 an answer (`specListQuerySchema`).
 */
export async function listOwnOrders(
  db: Db,
  user: SignedInUser,
  email: string | undefined,
  paging: PageQuery,
): Promise<Order[]> {
  if (email !== undefined && normalizeEmail(email) !== user.email) {
    throw new HttpError(403, orderMessages.otherEmail);
  }
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, user.id))
    .orderBy(desc(orders.seq))
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit);
  return rows.map(toOrder);
}

/** GET /allorders?page=&limit= (admin): every order, newest first, at most 100 an answer. */
export async function listAllOrders(db: Db, paging: PageQuery): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .orderBy(desc(orders.seq))
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit);
  return rows.map(toOrder);
}

/** The order, when this user may act on it as its owner (or, with `allowAdmin`, as an admin). */
export async function orderFor(
  db: Db,
  user: SignedInUser,
  id: string,
  { allowAdmin = false } = {},
): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (!order) throw notFound(orderMessages.notFound);
  if (order.userId !== user.id && !(allowAdmin && user.isAdmin)) {
    throw new HttpError(403, orderMessages.notYours);
  }
  return order;
}

/** GET /order/{id}: the owner or an admin. */
export async function readOrder(db: Db, user: SignedInUser, id: string): Promise<Order> {
  return toOrder(await orderFor(db, user, id, { allowAdmin: true }));
}
