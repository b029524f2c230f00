import type { PageQuery, Purchase, PurchaseFilter, PurchaseStatus } from '@shop/shared';
import { purchaseMessages } from '@shop/shared';
import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { changedSince } from '../../db/sync.js';
import { orders, purchases } from '../../db/schema.js';
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
  /** With `updatedSince`: where the next page of changes starts. */
  nextUpdatedSince?: string;
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

// A purchase's status follows from how it was closed, whether it waits, and its lines' state,
// which the database keeps on the purchase (purchases.line_state, migration 0020). These
// conditions say statusOf (purchase-serialize.ts) in SQL, so the database filters and counts a
// page; purchase-filter.test.ts checks them against statusOf.
const lines = (where: SQL) =>
  sql`exists (select 1 from ${orders} where ${orders.purchaseId} = ${purchases.id} and ${where})`;
const open = and(isNull(purchases.closedAs), isNull(purchases.awaitingLines));
const STATUS_WHERE: Record<PurchaseStatus, SQL | undefined> = {
  awaiting_approval: and(isNull(purchases.closedAs), isNotNull(purchases.awaitingLines)),
  unpaid: and(open, eq(purchases.lineState, 'unpaid')),
  paid: and(open, eq(purchases.lineState, 'paid'), eq(purchases.amountDue, 0)),
  on_account: and(open, eq(purchases.lineState, 'paid'), gt(purchases.amountDue, 0)),
  partially_shipped: and(open, eq(purchases.lineState, 'partially_shipped')),
  shipped: and(open, eq(purchases.lineState, 'shipped')),
  rejected: eq(purchases.closedAs, 'rejected'),
  // Closed as cancelled, or every line cancelled (no line left).
  cancelled: or(eq(purchases.closedAs, 'cancelled'), and(open, isNull(purchases.lineState))),
};

/**
 * `q` anywhere in the purchase number, the PO number, or the name of a product it bought or
 * asked for (the lines of a purchase that waited or was refused are in `awaiting_lines`).
 */
function matching(q: string): SQL | undefined {
  const pattern = containing(q);
  return or(
    ilike(purchases.number, pattern),
    ilike(purchases.poNumber, pattern),
    lines(ilike(orders.productName, pattern)),
    sql`exists (select 1 from jsonb_array_elements(coalesce(${purchases.awaitingLines}, '[]'::jsonb)) as line
      where line->>'productName' ilike ${pattern})`,
  );
}

/**
 * GET /purchases?email=&status=&q=&page=&limit=: the caller's purchases, newest first, a page at
 * a time (DESIGN section 9: a buyer with hundreds of big purchases once got 33 MB in one answer),
 * those of one status or matching a search when asked (My Orders, issue 28).
 */
export async function listOwnPurchases(
  db: Db,
  user: SignedInUser,
  email: string | undefined,
  paging: PageQuery,
  filter: PurchaseFilter = {},
): Promise<PurchasePage> {
  if (email !== undefined && normalizeEmail(email) !== user.email) {
    throw new HttpError(403, orderMessages.otherEmail);
  }
  const where = and(
    eq(purchases.userId, user.id),
    filter.status ? STATUS_WHERE[filter.status] : undefined,
    filter.q ? matching(filter.q) : undefined,
  );
  return purchasePage(db, where, paging);
}

/**
 * GET /purchases?updatedSince= (issue 32, docs/decisions/055): this user's purchases changed at or
 * after that time (a line paid, shipped or cancelled changes its purchase), in change order, a
 * page at a time by `nextUpdatedSince`.
 */
export async function ownPurchaseChanges(
  db: Db,
  user: SignedInUser,
  email: string | undefined,
  { since, limit }: { since: string; limit: number },
): Promise<PurchasePage> {
  if (email !== undefined && normalizeEmail(email) !== user.email) {
    throw new HttpError(403, orderMessages.otherEmail);
  }
  const changes = await changedSince(
    db,
    purchases,
    { id: purchases.id, updatedAt: purchases.updatedAt },
    { since, limit, where: eq(purchases.userId, user.id) },
  );
  const rows =
    changes.ids.length === 0
      ? []
      : await db
          .select()
          .from(purchases)
          .where(and(inArray(purchases.id, changes.ids), changes.unchanged));
  const position = new Map(changes.ids.map((id, index) => [id, index]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return {
    items: await withLines(db, rows),
    total: changes.total,
    page: 1,
    limit,
    nextUpdatedSince: changes.next,
  };
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
