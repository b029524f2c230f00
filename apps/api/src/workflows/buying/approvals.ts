import { companyMessages, purchaseMessages, type Purchase } from '@shop/shared';
import type { PageQuery } from '@shop/shared';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { purchases } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { OrderContext } from '../../modules/orders/context.js';
import { findPurchase } from '../../modules/orders/purchase-store.js';
import { withLines, type PurchasePage } from '../../modules/orders/purchase-reading.js';
import { toPurchase } from '../../modules/orders/purchase-serialize.js';
import type { SignedInUser } from '../../kernel/people.js';
import { enqueueRejected } from './approval-emails.js';
import { membershipOf, type Membership } from '../../modules/companies/membership.js';
import { buyersSpending } from '../../modules/companies/spending.js';
import type { PurchaseRow } from '../../modules/orders/purchase-store.js';
import { jobsQueued } from '../../kernel/jobs.js';

/**
 * Purchases above a spending limit (DESIGN sections 8 and 9): created with their lines priced and
 * no stock taken (workflows/buying/place-purchase.ts), listed for the company's approvers and
 * owners, approved (workflows/buying/approve-purchase.ts) or rejected (kept, with the reason).
 * Nobody approves their own purchase.
 */

async function approverOf(db: Db, user: SignedInUser): Promise<Membership> {
  const membership = await membershipOf(db, user);
  if (!membership || membership.role === 'buyer') {
    throw new HttpError(403, companyMessages.approversOnly);
  }
  return membership;
}

/** GET /approvals?page=&limit=: the company's purchases waiting, oldest first, a page at a time. */
export async function listApprovals(
  db: Db,
  user: SignedInUser,
  paging: PageQuery,
): Promise<PurchasePage> {
  const membership = await approverOf(db, user);
  const where = and(
    eq(purchases.companyId, membership.companyId),
    isNotNull(purchases.awaitingLines),
    isNull(purchases.closedAs),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(purchases)
      .where(where)
      .orderBy(asc(purchases.seq))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ value: count() }).from(purchases).where(where),
  ]);
  return {
    items: await withBuyerSpending(db, membership.companyId, rows, await withLines(db, rows)),
    total: total?.value ?? 0,
    ...paging,
  };
}

/**
 * The purchases (answers of `rows`, in the same order) with what an approver of `companyId`
 * decides by (issue 28): the buyer's monthly limit and month-to-date spend, on those waiting.
 */
export async function withBuyerSpending(
  db: Db,
  companyId: string,
  rows: PurchaseRow[],
  answers: Purchase[],
): Promise<Purchase[]> {
  const waiting = (row: PurchaseRow) =>
    row.companyId === companyId && row.awaitingLines && !row.closedAs && row.userId;
  const buyers = rows.flatMap((row) => (waiting(row) && row.userId ? [row.userId] : []));
  const spending = await buyersSpending(db, companyId, buyers);
  return answers.map((answer, index) => {
    const row = rows[index];
    const buyer = row && waiting(row) && row.userId ? spending.get(row.userId) : undefined;
    return buyer ? { ...answer, buyerSpending: buyer } : answer;
  });
}

/** The purchase `id`, if this approver may decide on it now. */
async function decidable(db: Db, user: SignedInUser, id: string) {
  const membership = await approverOf(db, user);
  const row = await findPurchase(db, id);
  if (!row) throw notFound(purchaseMessages.notFound);
  if (row.companyId !== membership.companyId) throw new HttpError(403, companyMessages.notMember);
  if (row.userId === user.id) throw new HttpError(403, companyMessages.ownPurchase);
  return row;
}

/**
 * PUT /purchase/{id}/reject `{ reason? }`: the purchase is kept, as rejected with its reason
 * (it held nothing), and the buyer is told why.
 */
export async function rejectPurchase(
  ctx: OrderContext,
  user: SignedInUser,
  id: string,
  reason: string | null,
): Promise<Purchase> {
  await decidable(ctx.db, user, id);
  const rejected = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(purchases)
      .set({ closedAs: 'rejected', rejectionReason: reason, closedAt: sql`now()` })
      .where(
        and(eq(purchases.id, id), isNotNull(purchases.awaitingLines), isNull(purchases.closedAs)),
      )
      .returning();
    if (!row) throw new HttpError(409, companyMessages.notAwaiting);
    await enqueueRejected(tx, row, user.email);
    return row;
  });
  jobsQueued(ctx.db);
  ctx.log.info({ purchaseId: id, approver: user.email }, 'purchase rejected');
  return toPurchase(rejected, []);
}

/** Purchases rejected per sweep at most: the next sweep takes the rest. */
const STALE_BATCH = 500;

/**
 * Purchases waiting for approval longer than APPROVAL_DAYS (as if the time were `now`) are
 * rejected by themselves, and each buyer told. One conditional update: on several instances at
 * once, each purchase is rejected, and mailed, by exactly one of them.
 */
export async function rejectStaleApprovals(
  ctx: OrderContext,
  now: Date = new Date(),
): Promise<number> {
  const reason = companyMessages.expiredUnapproved(ctx.approvalDays);
  const cutoff = new Date(now.getTime() - ctx.approvalDays * 24 * 60 * 60 * 1000);
  const rejected = await ctx.db.transaction(async (tx) => {
    // Locked in id order, skipping a purchase another transaction holds (being approved, or its
    // buyer leaving): the next sweep takes it if it still waits. So the sweep never waits for
    // another flow's lock, and no two of them deadlock.
    const stale = await tx
      .select({ id: purchases.id })
      .from(purchases)
      .where(
        and(
          isNotNull(purchases.awaitingLines),
          isNull(purchases.closedAs),
          lt(purchases.createdAt, cutoff),
        ),
      )
      .orderBy(purchases.id)
      .limit(STALE_BATCH)
      .for('update', { skipLocked: true });
    if (stale.length === 0) return [];
    const rows = await tx
      .update(purchases)
      .set({ closedAs: 'rejected', rejectionReason: reason, closedAt: sql`now()` })
      .where(
        inArray(
          purchases.id,
          stale.map((row) => row.id),
        ),
      )
      .returning();
    for (const row of rows) await enqueueRejected(tx, row, null);
    return rows;
  });
  if (rejected.length > 0) {
    jobsQueued(ctx.db);
    ctx.log.info({ rejected: rejected.length }, 'rejected purchases nobody approved in time');
  }
  return rejected.length;
}
