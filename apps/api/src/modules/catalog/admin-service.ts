import {
  productMessages,
  productProblems,
  type Product,
  type ProductInput,
  type ProductUpdate,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor, type AuditRecord } from '../../kernel/audit.js';
import { emitEvents, type ShopEvent } from '../../kernel/events.js';
import {
  catalogMessages,
  insertProduct,
  pricesInCents,
  productAnswer,
  productColumns,
} from './service.js';
import { catalogChanged } from '../../db/changes.js';
import { jobsQueued } from '../../kernel/jobs.js';

/**
 * The admin's catalogue changes (POST, PUT and DELETE /item). Each is recorded in the audit log
 * in the transaction that makes it; the in-memory catalogue is told after the commit.
 */

/** The database's unique_violation, through drizzle's wrapper (PostgreSQL and PGlite alike). */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as Error).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A part number is the catalogue's key: a second product with it is a conflict (409). */
export async function refuseTakenSku(tx: Db, sku: string | undefined, id?: string) {
  if (sku === undefined) return;
  const [holder] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  if (holder && holder.id !== id) throw new HttpError(409, productMessages.skuTaken(sku));
}

/**
 * Runs a write, turning a part number taken meanwhile by another request into a 409: naming
 * `sku` when the write sets one part number, else `message`.
 */
export async function withUniqueSku<T>(
  sku: string | undefined,
  write: () => Promise<T>,
  message = sku === undefined ? null : productMessages.skuTaken(sku),
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (message !== null && isUniqueViolation(error)) throw new HttpError(409, message);
    throw error;
  }
}

/** Inserts a product and its audit row inside the caller's transaction. */
export async function createInTransaction(tx: Db, actor: AuditActor, input: ProductInput) {
  await refuseTakenSku(tx, input.sku);
  const row = await insertProduct(tx, input);
  await recordAudit(tx, createdRecord(actor, row));
  await emitEvents(tx, [productEvent(row)]);
  return row;
}

/**
 * `product.updated` (issue 32): the product as GET /item/{id} answers it, to every subscription
 * that wants it, companies' too (the catalogue is public); one product's events in order.
 */
export const productEvent = (row: Product): ShopEvent => ({
  type: 'product.updated',
  companyId: null,
  everyone: true,
  orderKey: row._id,
  data: row,
});

/** The audit record of a product added. */
export const createdRecord = (actor: AuditActor, row: Product): AuditRecord => ({
  actor,
  action: 'product.create',
  targetType: 'product',
  targetId: row._id,
  targetLabel: row.name,
  details: { sku: row.sku, price: row.price, minimum: row.minimum, available: row.available },
});

/** POST /item. */
export async function addProduct(db: Db, actor: AuditActor, input: ProductInput) {
  const product = await withUniqueSku(input.sku, () =>
    db.transaction((tx) => createInTransaction(tx, actor, input)),
  );
  catalogChanged(db);
  jobsQueued(db);
  return product;
}

export type FieldChange = { field: string; from: unknown; to: unknown };

/**
 * Whether two field values are the same value: numbers, text, and lists and objects compared
 * member by member, an object's keys in any order. Not their JSON text: jsonb keeps its own key
 * order, and `{ price, minQuantity }` is the tier `{ minQuantity, price }` (issue 28).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameValue(item, b[index]))
    );
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  // A key holding undefined is a key left out.
  const keys = (value: Record<string, unknown>) =>
    Object.keys(value).filter((key) => value[key] !== undefined);
  const leftKeys = keys(left);
  return (
    leftKeys.length === keys(right).length &&
    leftKeys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]))
  );
}

/** The fields `update` would change on `before`, each from and to. */
export function changesOf(before: Product, update: ProductUpdate): FieldChange[] {
  return (Object.keys(update) as (keyof ProductUpdate)[])
    .filter((field) => !sameValue(before[field], update[field]))
    .map((field) => ({ field, from: before[field], to: update[field] }));
}

/**
 * Changes a product inside the caller's transaction, the row locked first so the "from" values
 * are the ones this update replaces. The rules between fields are checked on the product as the
 * change leaves it (raising the minimum above a maximum is refused even when only the minimum
 * is sent), so no sequence of edits can store a product the shared rule refuses. The audit row
 * names each field that changed, from and to; an edit that changes nothing records nothing.
 */
export async function updateInTransaction(
  tx: Db,
  actor: AuditActor,
  id: string,
  change: ProductUpdate,
): Promise<Product> {
  const [before] = await tx
    .select(productColumns)
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  if (!before) throw notFound(catalogMessages.notFound);
  // The rules and the write in cents; the audit's from and to in dollars, as the admin typed.
  const update = pricesInCents(change);
  const [problem] = productProblems({ ...before, ...update });
  if (problem) throw new HttpError(400, `${problem.field}: ${problem.message}`);
  await refuseTakenSku(tx, update.sku, id);
  const changes = changesOf(productAnswer(before), change);
  if (changes.length === 0) return productAnswer(before);
  const [after] = await tx
    .update(products)
    .set(update)
    .where(eq(products.id, id))
    .returning(productColumns);
  if (!after) throw notFound(catalogMessages.notFound);
  await recordAudit(tx, {
    actor,
    action: 'product.update',
    targetType: 'product',
    targetId: id,
    targetLabel: after.name,
    details: {
      changes: Object.fromEntries(changes.map(({ field, from, to }) => [field, { from, to }])),
    },
  });
  const answer = productAnswer(after);
  await emitEvents(tx, [productEvent(answer)]);
  return answer;
}

/**
 * PUT /item/{id}: changes any field (DESIGN section 8), name and image included.
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
  const product = await withUniqueSku(update.sku, () =>
    db.transaction((tx) => updateInTransaction(tx, actor, id, update)),
  );
  catalogChanged(db);
  jobsQueued(db);
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
      details: { price: productAnswer(gone).price, available: gone.available },
    });
  });
  catalogChanged(db);
  return 1;
}
