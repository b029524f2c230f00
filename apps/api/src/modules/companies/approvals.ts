import { companyMessages, purchaseMessages, type Deleted, type Purchase } from '@shop/shared';
import type { PageQuery } from '@shop/shared';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, purchases } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { emailsQueued, enqueueEmail } from '../../mail/jobs.js';
import { catalogChanged } from '../catalog/snapshot.js';
import type { OrderContext } from '../orders/context.js';
import { findPurchase, lockPurchase } from '../orders/purchase-store.js';
import { placeLines } from '../purchases/lines.js';
import { withLines, type PurchasePage } from '../purchases/reading.js';
import { toPurchase } from '../purchases/serialize.js';
import type { SignedInUser } from '../users/service.js';
import { displayName, enqueueRejected } from './emails.js';
import { membershipOf, type Membership } from './membership.js';

/**
 * Purchases above a spending limit (DESIGN section 8): created with their lines priced and no
 * stock taken (checkout.ts), listed for the company's approvers and owners, approved (the stock
 * is taken then, as at checkout) or rejected (deleted). Nobody approves their own purchase.
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
  return { items: await withLines(db, rows), total: total?.value ?? 0, ...paging };
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
 * PUT /purchase/{id}/approve: under the purchase's lock (so two approvers cannot both take the
 * stock), the products are locked in id order and every line's stock checked; all are taken,
 * or, when any line is short, nothing is and the answer is 409 naming it.
 */
export async function approvePurchase(
  ctx: OrderContext,
  user: SignedInUser,
  id: string,
): Promise<Purchase> {
  await decidable(ctx.db, user, id);
  const result = await ctx.db.transaction(async (tx) => {
    const row = await lockPurchase(tx, id);
    if (!row) throw notFound(purchaseMessages.notFound);
    const lines = row.awaitingLines;
    if (!lines) throw new HttpError(409, companyMessages.notAwaiting);
    const stock = await tx
      .select({ id: products.id, available: products.available })
      .from(products)
      .where(
        inArray(
          products.id,
          lines.map((line) => line.productId),
        ),
      )
      .orderBy(asc(products.id))
      .for('update');
    const availableOf = new Map(stock.map((product) => [product.id, product.available]));
    for (const line of lines) {
      const available = availableOf.get(line.productId) ?? 0;
      if (available < line.quantity) {
        throw new HttpError(409, companyMessages.stockGone(line.productName, available));
      }
    }
    const [approved] = await tx
      .update(purchases)
      .set({ awaitingLines: null })
      .where(eq(purchases.id, id))
      .returning();
    const placed = await placeLines(tx, ctx.holdHours, approved!, lines);
    await enqueueEmail(tx, {
      kind: 'purchase-approved',
      to: row.email,
      payload: { purchaseId: id, approvedBy: await displayName(tx, user.email) },
    });
    return toPurchase(approved!, placed);
  });
  catalogChanged(ctx.db);
  emailsQueued(ctx.db);
  ctx.log.info({ purchaseId: id, approver: user.email }, 'purchase approved');
  return result;
}

/** PUT /purchase/{id}/reject: the purchase is deleted; it held nothing. */
export async function rejectPurchase(
  ctx: OrderContext,
  user: SignedInUser,
  id: string,
): Promise<Deleted> {
  await decidable(ctx.db, user, id);
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(purchases)
      .where(and(eq(purchases.id, id), isNotNull(purchases.awaitingLines)))
      .returning();
    if (!deleted) throw new HttpError(409, companyMessages.notAwaiting);
    await enqueueRejected(tx, deleted, user.email);
  });
  emailsQueued(ctx.db);
  ctx.log.info({ purchaseId: id, approver: user.email }, 'purchase rejected');
  return { acknowledged: true, deletedCount: 1 };
}
