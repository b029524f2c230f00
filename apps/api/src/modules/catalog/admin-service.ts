import type { Product, ProductInput, ProductUpdate } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { catalogMessages, insertProduct, productColumns } from './service.js';
import { catalogChanged } from './snapshot.js';

/**
 * The admin's catalogue changes (POST, PUT and DELETE /item). Each is recorded in the audit log
 * in the transaction that makes it; the in-memory catalogue is told after the commit.
 */

/** POST /item. */
export async function addProduct(db: Db, actor: AuditActor, input: ProductInput) {
  const product = await db.transaction(async (tx) => {
    const row = await insertProduct(tx, input);
    await recordAudit(tx, {
      actor,
      action: 'product.create',
      targetType: 'product',
      targetId: row._id,
      targetLabel: row.name,
      details: { price: row.price, minimum: row.minimum, available: row.available },
    });
    return row;
  });
  catalogChanged(db);
  return product;
}

type Change = { from: unknown; to: unknown };

/**
 * PUT /item/{id}: changes price, minimum, stock or description. The audit row names each field
 * that changed, from and to; an edit that changes nothing records nothing.
 *
 * `available` set here is a restock, not a correction of past sales: placing an order already
 * took its pieces off `available` (they are held for it), so the figure an admin types is the
 * number of pieces still left to sell. Cancelling or deleting an unpaid order later gives its
 * pieces back on top of that figure.
 */
export async function editProduct(
  db: Db,
  actor: AuditActor,
  id: string,
  update: ProductUpdate,
): Promise<Product> {
  const product = await db.transaction(async (tx) => {
    // Locked, so the "from" values are the ones this update replaces.
    const [before] = await tx
      .select(productColumns)
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!before) throw notFound(catalogMessages.notFound);
    const [after] = await tx
      .update(products)
      .set(update)
      .where(eq(products.id, id))
      .returning(productColumns);
    if (!after) throw notFound(catalogMessages.notFound);
    const changes: Record<string, Change> = {};
    for (const field of Object.keys(update) as (keyof ProductUpdate)[]) {
      if (before[field] !== after[field])
        changes[field] = { from: before[field], to: after[field] };
    }
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, {
        actor,
        action: 'product.update',
        targetType: 'product',
        targetId: id,
        targetLabel: after.name,
        details: { changes },
      });
    }
    return after;
  });
  catalogChanged(db);
  return product;
}

/**
 * DELETE /item/{id}. Orders that name the product keep their own copy of name, image and text;
 * the database sets their `product_id` to null.
 */
export async function removeProduct(db: Db, actor: AuditActor, id: string): Promise<number> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(products).where(eq(products.id, id)).returning(productColumns);
    if (!gone) throw notFound(catalogMessages.notFound);
    await recordAudit(tx, {
      actor,
      action: 'product.delete',
      targetType: 'product',
      targetId: id,
      targetLabel: gone.name,
      details: { price: gone.price, available: gone.available },
    });
  });
  catalogChanged(db);
  return 1;
}
