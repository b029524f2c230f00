import type { PageQuery, Purchase } from '@shop/shared';
import { purchaseMessages } from '@shop/shared';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { purchases } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { findPurchase, purchaseLines, type PurchaseRow } from './purchase-store.js';
import { normalizeEmail, type SignedInUser } from '../../kernel/people.js';
import { orderMessages } from './messages.js';
import { toPurchase } from './purchase-serialize.js';
import { shipmentsOf, type ShipmentWithLines } from './shipment-store.js';

/** Purchases with their lines and parcels, read in four queries whatever their number. */
export async function withLines(db: Db, rows: PurchaseRow[]): Promise<Purchase[]> {
  const ids = rows.map((row) => row.id);
  const [lines, parcels] = await Promise.all([purchaseLines(db, ids), shipmentsOf(db, ids)]);
  const byPurchase = new Map<string, typeof lines>();
  for (const line of lines) {
    const group = byPurchase.get(line.purchaseId);
    if (group) group.push(line);
    else byPurchase.set(line.purchaseId, [line]);
  }
  const parcelsOf = new Map<string, ShipmentWithLines[]>();
  for (const parcel of parcels) {
    const group = parcelsOf.get(parcel.purchaseId);
    if (group) group.push(parcel);
    else parcelsOf.set(parcel.purchaseId, [parcel]);
  }
  return rows.map((row) =>
    toPurchase(row, byPurchase.get(row.id) ?? [], parcelsOf.get(row.id) ?? []),
  );
}

export interface PurchasePage {
  items: Purchase[];
  total: number;
  page: number;
  limit: number;
}

/** A page of purchases, newest first, with their lines. */
export async function purchasePage(
  db: Db,
  where: SQL | undefined,
  paging: PageQuery,
): Promise<PurchasePage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(purchases)
      .where(where)
      .orderBy(desc(purchases.seq))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ value: count() }).from(purchases).where(where),
  ]);
  return { items: await withLines(db, rows), total: total?.value ?? 0, ...paging };
}

/**
 * GET /purchases?email=&page=&limit=: the caller's purchases, newest first, a page at a time
 * (DESIGN section 9: a buyer with hundreds of big purchases once got 33 MB in one answer).
 */
export async function listOwnPurchases(
  db: Db,
  user: SignedInUser,
  email: string | undefined,
  paging: PageQuery,
): Promise<PurchasePage> {
  if (email !== undefined && normalizeEmail(email) !== user.email) {
    throw new HttpError(403, orderMessages.otherEmail);
  }
  return purchasePage(db, eq(purchases.userId, user.id), paging);
}

/**
 * The purchases made for a company, all of them or one member's (`userId`): what the company's
 * owners and approvers, or one of its buyers, see.
 */
export function companyPurchasePage(
  db: Db,
  companyId: string,
  userId: string | null,
  paging: PageQuery,
): Promise<PurchasePage> {
  const where = and(
    eq(purchases.companyId, companyId),
    userId ? eq(purchases.userId, userId) : undefined,
  );
  return purchasePage(db, where, paging);
}

/** The purchase, when this user may see it as its owner (or, with `allowAdmin`, as an admin). */
export async function purchaseFor(
  db: Db,
  user: SignedInUser,
  id: string,
  options: { allowAdmin?: boolean } = {},
): Promise<PurchaseRow> {
  return ownPurchase(await findPurchase(db, id), user, options);
}

/** The caller's own purchase with its lines. */
export async function readOwnPurchase(db: Db, user: SignedInUser, id: string): Promise<Purchase> {
  const [purchase] = await withLines(db, [await purchaseFor(db, user, id)]);
  if (!purchase) throw notFound(purchaseMessages.notFound);
  return purchase;
}

/** purchaseFor's rule, on a purchase already read (null when there is none). */
export function ownPurchase(
  row: PurchaseRow | null,
  user: SignedInUser,
  { allowAdmin = false } = {},
): PurchaseRow {
  if (!row) throw notFound(purchaseMessages.notFound);
  if (row.userId !== user.id && !(allowAdmin && user.isAdmin)) {
    throw new HttpError(403, purchaseMessages.notYours);
  }
  return row;
}
