import type { StockLowData } from '@shop/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { products } from '../db/schema.js';
import { emitEvents } from '../kernel/events.js';

/**
 * The stock of the catalogue: the one place that locks `products.available` for a purchase, takes
 * pieces from it and gives them back (docs/decisions/024, 028). It sits below the modules, as
 * the database does: the buying workflow takes stock and the orders module gives it back when an
 * unpaid line is cancelled, deleted or expires. The admin's count of pieces left is part of the
 * product record (catalog/admin-service.ts). Every flow that buys locks in this order, so two flows never
 * wait for each other in a circle:
 *
 *   1. the purchase rows, when the flow changes existing purchases (approval, leaving a company:
 *      in id order);
 *   2. the products, in id order (`lockProducts` here);
 *   3. the buyers, in id order (`lockBuyers`, workflows/buying/steps.ts);
 *   4. the company members, in email order (`companyFacts`, the same file).
 *
 * A company's row is only ever locked FOR NO KEY UPDATE (companies/service.ts `lockCompany`), which
 * the key-share lock of a purchase insert does not wait for; dissolving a company locks its members
 * before deleting it. The CHECK on `available` (never below zero) is the database's last word.
 */
export const LOCK_ORDER = ['purchase', 'products', 'customers', 'members'] as const;

export type ProductRow = typeof products.$inferSelect;

/** Locks the products (FOR UPDATE, in id order) and answers them by id; absent ids are missing. */
export async function lockProducts(tx: Tx, ids: string[]): Promise<Map<string, ProductRow>> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(products)
    .where(inArray(products.id, unique))
    .orderBy(asc(products.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Takes the pieces from the locked products in one statement: `taken` maps a product id to the
 * pieces its lines took, already checked against the stock under the lock.
 */
export async function takeStock(tx: Tx, taken: Map<string, number>): Promise<void> {
  const rows = [...taken].filter(([, quantity]) => quantity > 0);
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(([id, quantity]) => sql`(${id}::uuid, ${quantity}::int)`),
    sql`, `,
  );
  const low = rowsOf<StockLowData & { before: number }>(
    await tx.execute(
      sql`update ${products} set available = ${products.available} - taken.quantity
          from (values ${values}) as taken(id, quantity) where ${products.id} = taken.id
          returning ${products.id} as "productId", ${products.sku} as sku,
            ${products.name} as name, ${products.available} as available,
            ${products.lowStockThreshold} as "lowStockThreshold",
            ${products.available} + taken.quantity as before`,
    ),
  ).filter((row) => row.available <= row.lowStockThreshold && row.before > row.lowStockThreshold);
  // Told once as it crosses the threshold, not on every purchase below it (an admin's alone).
  await emitEvents(
    tx,
    low.map(({ before: _before, ...data }) => ({
      type: 'stock.low' as const,
      companyId: null,
      orderKey: data.productId,
      data,
    })),
  );
}

/** Gives back the pieces of a line that ended unpaid (cancelled, deleted or expired). */
export async function returnStock(tx: Tx, productId: string, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ available: sql`${products.available} + ${quantity}` })
    .where(eq(products.id, productId));
}
