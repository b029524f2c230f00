import { randomUUID } from 'node:crypto';
import {
  checkQuantity,
  tooManyUnpaidOrders,
  type QuantityProblem,
  type Order,
  type PlaceOrder,
} from '@shop/shared';
import { and, asc, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { authUsers, orders, products, purchases, users } from '../../db/schema.js';
import { emailsQueued, enqueueEmail } from '../../mail/jobs.js';
import { HttpError, notFound } from '../../http/errors.js';
import { catalogChanged } from '../catalog/snapshot.js';
import type { SignedInUser } from '../users/service.js';
import type { OrderContext } from './context.js';
import { orderMessages } from './messages.js';
import { toOrder } from './serialize.js';
import type { OrderRow } from './store.js';

/**
 * Placing orders, several at a time per product (docs/decisions/007).
 *
 * Every order for a product takes that product's row lock until its transaction has committed,
 * and a commit waits for the disk. One transaction per order therefore caps a popular product at
 * one order per disk flush (about 600 a second on PostgreSQL on the benchmark machine), however
 * many connections there are. So the orders for a product that arrive while its previous batch
 * is being written wait and go together in the next transaction: one row lock, one stock
 * update, one insert, one flush for all of them. A lone order goes at once, so nothing waits
 * when the shop is quiet.
 *
 * Each order is still judged on its own, in arrival order, against the stock the orders before
 * it left, by the shared quantity rule (over the stock, below the minimum, over the card limit)
 * and the unpaid-orders limit: a refused order gets its message and the others go on. The database keeps the last word: the product row is locked (FOR UPDATE) for
 * the batch, so instances sharing a PostgreSQL queue behind each other, and the CHECK on
 * `available` still refuses any update that would take the stock below zero.
 *
 * A customer holds at most `unpaidMax` unpaid orders (OWASP API6: one account must not hold a
 * product's whole stock unpaid). The batch locks its customers' rows (FOR NO KEY UPDATE, after
 * the product's, in id order) and counts their unpaid orders under that lock, so orders of one
 * customer for different products, placed at once or on several instances, are counted one
 * after another and never pass the limit together (docs/decisions/010).
 */

/** A quantity the stock cannot cover conflicts with the current state (409); the rest is a bad request. */
const QUANTITY_STATUS: Record<QuantityProblem, 400 | 409> = {
  notWhole: 400,
  unavailable: 409,
  belowMinimum: 400,
  notMultiple: 400,
  aboveMaximum: 400,
  totalTooHigh: 400,
};

/** At most this many orders in one transaction: keeps each transaction short. */
export const MAX_BATCH = 250;

/** The rules a batch applies besides the product's own. */
export interface PlacementLimits {
  /** A customer who holds this many unpaid orders is refused the next one (409). */
  unpaidMax: number;
  /** The order holds its stock this long unpaid; stored as its `hold_expires_at`. */
  holdHours: number;
}

interface Pending {
  user: SignedInUser;
  input: PlaceOrder;
  limits: PlacementLimits;
  resolve(row: OrderRow): void;
  reject(error: unknown): void;
}

interface ProductQueue {
  waiting: Pending[];
  running: boolean;
}

// Per database handle, then per product: each app (and each test) has its own.
const queues = new WeakMap<Db, Map<string, ProductQueue>>();

/**
 * POST /order (DESIGN section 5): the total is computed here from the product, and the stock
 * reserved in the same transaction as the order is stored, so two customers racing for the
 * last pieces cannot both get them (the CHECK on `available` is the backstop).
 */
export async function placeOrder(
  ctx: OrderContext,
  user: SignedInUser,
  input: PlaceOrder,
): Promise<Order> {
  const { holdHours, unpaidMax } = ctx;
  const row = await placeOrderRow(ctx.db, user, input, { unpaidMax, holdHours });
  ctx.log.info(
    { orderId: row.id, productId: row.productId, quantity: row.quantity },
    'order placed',
  );
  return toOrder(row);
}

/**
 * Places one order: answers the stored row once its transaction has committed, or throws the
 * HttpError that refuses it (404, 400 or 409).
 */
export function placeOrderRow(
  db: Db,
  user: SignedInUser,
  input: PlaceOrder,
  limits: PlacementLimits,
): Promise<OrderRow> {
  let byProduct = queues.get(db);
  if (!byProduct) {
    byProduct = new Map();
    queues.set(db, byProduct);
  }
  let queue = byProduct.get(input.productId);
  if (!queue) {
    queue = { waiting: [], running: false };
    byProduct.set(input.productId, queue);
  }
  const target = queue;
  return new Promise<OrderRow>((resolve, reject) => {
    target.waiting.push({ user, input, limits, resolve, reject });
    if (!target.running) void drain(db, input.productId, target, byProduct);
  });
}

async function drain(
  db: Db,
  productId: string,
  queue: ProductQueue,
  byProduct: Map<string, ProductQueue>,
) {
  queue.running = true;
  try {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, MAX_BATCH);
      try {
        await placeBatch(db, productId, batch);
      } catch (error) {
        if (batch.length === 1) {
          batch[0]?.reject(error);
          continue;
        }
        // Something no rule foresaw (a customer deleted meanwhile breaks the whole insert, say):
        // place each order in its own transaction, so one bad order cannot fail the others.
        for (const pending of batch) {
          await placeBatch(db, productId, [pending]).catch(pending.reject);
        }
      }
    }
  } finally {
    queue.running = false;
    if (queue.waiting.length === 0) byProduct.delete(productId);
  }
}

/** The names the customers signed up with (stored uppercased), by email. */
export async function displayNames(db: Db, emails: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ email: authUsers.email, name: authUsers.name })
    .from(authUsers)
    .where(inArray(authUsers.email, [...new Set(emails)]));
  return new Map(rows.map((row) => [row.email, row.name]));
}

/**
 * Locks the rows of the batch's customers and answers how many unpaid purchases each holds now
 * (a purchase of many lines counts once: DESIGN section 8).
 * NO KEY UPDATE rather than UPDATE: it still makes another batch for the same customer wait, but
 * not the key-share lock every order insert takes on its customer's row (the foreign key), so
 * paying, cancelling and other customers' orders go on. Rows are locked in id order, and always
 * after the product's row, so two batches sharing customers cannot wait for each other in a
 * circle.
 */
export async function lockCustomers(tx: Tx, userIds: string[]): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)];
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id))
    .for('no key update');
  const rows = await tx
    .select({ userId: orders.userId, unpaid: countDistinct(orders.purchaseId) })
    .from(orders)
    .where(and(inArray(orders.userId, ids), eq(orders.paid, false)))
    .groupBy(orders.userId);
  return new Map(rows.map((row) => [row.userId ?? '', row.unpaid]));
}

/**
 * One transaction for the batch. Settles every order in it: resolves the accepted ones after
 * the commit and rejects the refused ones. Throws (settling nothing) when the transaction fails.
 */
async function placeBatch(db: Db, productId: string, batch: Pending[]): Promise<void> {
  const names = await displayNames(
    db,
    batch.map((pending) => pending.user.email),
  );
  const outcome = await db.transaction(async (tx) => {
    const [product] = await tx
      .select()
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) {
      return batch.map(() => notFound(orderMessages.productNotFound));
    }
    const unpaid = await lockCustomers(
      tx,
      batch.map((pending) => pending.user.id),
    );
    let available = product.available;
    const refusals = new Map<Pending, HttpError>();
    const accepted: (PgInsertValue<typeof orders> & { id: string })[] = [];
    const newPurchases: (PgInsertValue<typeof purchases> & { id: string })[] = [];
    const acceptedFor = new Map<string, Pending>();
    for (const pending of batch) {
      const { unpaidMax } = pending.limits;
      const held = unpaid.get(pending.user.id) ?? 0;
      // The rule the purchase form applies too, here against the stock left under the lock.
      // Priced here by the volume tier the quantity reaches, whatever the client sent.
      const verdict = checkQuantity({ ...product, available, quantity: pending.input.quantity });
      if (!verdict.ok) {
        refusals.set(pending, new HttpError(QUANTITY_STATUS[verdict.problem], verdict.message));
        continue;
      }
      if (held >= unpaidMax) {
        refusals.set(pending, new HttpError(409, tooManyUnpaidOrders(unpaidMax)));
        continue;
      }
      const { quantity, total, unitPrice } = verdict;
      available -= quantity;
      unpaid.set(pending.user.id, held + 1);
      // The id is chosen here so each stored row finds its request again.
      const id = randomUUID();
      acceptedFor.set(id, pending);
      // Each order is a purchase of one line; its number comes from the insert below.
      const purchaseId = randomUUID();
      const name = names.get(pending.user.email) ?? pending.user.email;
      newPurchases.push({
        id: purchaseId,
        userId: pending.user.id,
        name,
        email: pending.user.email,
        phone: pending.input.number,
        address: pending.input.address,
      });
      accepted.push({
        purchaseId,
        purchaseNumber: '',
        unitPrice,
        id,
        productId: product.id,
        userId: pending.user.id,
        productName: product.name,
        img: product.img,
        description: product.description,
        quantity,
        price: total,
        name,
        email: pending.user.email,
        number: pending.input.number,
        address: pending.input.address,
        // now() is the transaction's start, the order's created_at: the hold counts from there.
        holdExpiresAt: sql`now() + make_interval(hours => ${pending.limits.holdHours})`,
      });
    }
    let rows: OrderRow[] = [];
    if (accepted.length > 0) {
      const taken = product.available - available;
      await tx
        .update(products)
        .set({ available: sql`${products.available} - ${taken}` })
        .where(eq(products.id, product.id));
      const numbers = await tx
        .insert(purchases)
        .values(newPurchases)
        .returning({ id: purchases.id, number: purchases.number });
      const numberOf = new Map(numbers.map((row) => [row.id, row.number]));
      for (const order of accepted)
        order.purchaseNumber = numberOf.get(order.purchaseId as string) ?? '';
      rows = await tx.insert(orders).values(accepted).returning();
      await enqueueEmail(
        tx,
        rows.map((row) => ({
          kind: 'order-placed' as const,
          to: row.email,
          payload: { purchaseId: row.purchaseId },
        })),
      );
    }
    const rowFor = new Map(rows.map((row) => [acceptedFor.get(row.id), row]));
    return batch.map(
      (pending) =>
        refusals.get(pending) ??
        rowFor.get(pending) ??
        new Error('The database returned no row for an accepted order.'),
    );
  });
  if (outcome.some((result) => !(result instanceof Error))) {
    catalogChanged(db);
    emailsQueued(db);
  }
  batch.forEach((pending, index) => {
    const result = outcome[index];
    if (result === undefined || result instanceof Error) pending.reject(result);
    else pending.resolve(result);
  });
}
