import type { PageQuery, Purchase } from '@shop/shared';
import { purchaseMessages } from '@shop/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { purchases } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { findPurchase, purchaseLines, type PurchaseRow } from '../orders/purchase-store.js';
import { normalizeEmail, type SignedInUser } from '../users/service.js';
import { orderMessages } from '../orders/messages.js';
import { toPurchase } from './serialize.js';
import { membershipOf } from '../companies/membership.js';

/** Purchases with their lines, read in two queries whatever their number. */
export async function withLines(db: Db, rows: PurchaseRow[]): Promise<Purchase[]> {
  const lines = await purchaseLines(
    db,
    rows.map((row) => row.id),
  );
  const byPurchase = new Map<string, typeof lines>();
  for (const line of lines) {
    const group = byPurchase.get(line.purchaseId);
    if (group) group.push(line);
    else byPurchase.set(line.purchaseId, [line]);
  }
  return rows.map((row) => toPurchase(row, byPurchase.get(row.id) ?? []));
}

export interface PurchasePage {
  items: Purchase[];
  total: number;
  page: number;
  limit: number;
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
  const where = eq(purchases.userId, user.id);
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

/** The purchase, when this user may see it as its owner (or, with `allowAdmin`, as an admin). */
export async function purchaseFor(
  db: Db,
  user: SignedInUser,
  id: string,
  options: { allowAdmin?: boolean } = {},
): Promise<PurchaseRow> {
  return ownPurchase(await findPurchase(db, id), user, options);
}

/** purchaseFor's rule, on a purchase already read (null when there is none). */
function ownPurchase(
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

/**
 * GET /purchase/{id}: the owner, an admin, or an owner or approver of the company the purchase
 * was made for (they approve and follow the company's purchases).
 */
export async function readPurchase(db: Db, user: SignedInUser, id: string): Promise<Purchase> {
  const found = await findPurchase(db, id);
  let row: PurchaseRow;
  if (found?.companyId && found.userId !== user.id && !user.isAdmin) {
    const membership = await membershipOf(db, user);
    const overseer = membership?.companyId === found.companyId && membership.role !== 'buyer';
    row = overseer ? found : ownPurchase(found, user);
  } else row = ownPurchase(found, user, { allowAdmin: true });
  const [purchase] = await withLines(db, [row]);
  if (!purchase) throw notFound(purchaseMessages.notFound);
  return purchase;
}
