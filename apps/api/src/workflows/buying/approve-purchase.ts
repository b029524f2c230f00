import {
  companyMessages,
  MAX_ORDER_TOTAL,
  purchaseMessages,
  tooManyUnpaidOrders,
  type Purchase,
} from '@shop/shared';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { purchases } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { enqueueEmail } from '../../mail/jobs.js';
import { emitEvents } from '../../kernel/events.js';
import { purchaseEvent, settledEvents } from '../../modules/orders/purchase-events.js';
import { catalogChanged } from '../../db/changes.js';
import { displayName } from '../../kernel/people.js';
import type { OrderContext } from '../../modules/orders/context.js';
import { lockPurchase } from '../../modules/orders/purchase-store.js';
import { toPurchase } from '../../modules/orders/purchase-serialize.js';
import { lockProducts } from '../../stock/stock.js';
import type { SignedInUser } from '../../kernel/people.js';
import {
  ChargeTables,
  chargeColumns,
  chargePurchase,
  LOCATION_EXEMPT,
  taxBuyerOf,
} from './charges.js';
import { companyFacts, judgeLines, lockBuyers, placeLines, specialPrices } from './steps.js';
import { acceptedOfferPrices } from '../../modules/quotes/store.js';
import { lockAccounts, takeCredit, termsRefusal } from './account.js';
import { jobsQueued } from '../../kernel/jobs.js';

/**
 * PUT /purchase/{id}/approve: the purchase that waited for approval is placed as it would be
 * placed now, in one transaction (docs/decisions/024): the approver still holds the role in the
 * buyer's company, the buyer is still a member of it (else the purchase is cancelled), the buyer's
 * holds stay within UNPAID_ORDERS_MAX, every line is priced again (the lowest of list, tier and
 * the company's contract price today) and judged against the stock under the lock. All lines are
 * taken, or none and the answer names what stopped them.
 */
export async function approvePurchase(
  ctx: OrderContext,
  approver: SignedInUser,
  id: string,
): Promise<Purchase> {
  // Who buys, for tax, before the transaction: VIES is a network call (charges.ts).
  const waiting = await ctx.db
    .select({ userId: purchases.userId, email: purchases.email, taxId: purchases.taxId })
    .from(purchases)
    .where(eq(purchases.id, id))
    .then(([row]) => row);
  const taxBuyer = waiting?.userId
    ? await taxBuyerOf(
        ctx.db,
        { id: waiting.userId, email: waiting.email },
        { taxId: waiting.taxId },
        ctx.charges.viesUrl,
      )
    : null;
  const result = await ctx.db.transaction(async (tx) => {
    const row = await lockPurchase(tx, id);
    if (!row) throw notFound(purchaseMessages.notFound);
    const lines = row.awaitingLines;
    const productIds = (lines ?? []).map((line) => line.productId);
    const people = [{ id: approver.id, email: approver.email }];
    if (row.userId) people.push({ id: row.userId, email: row.email });
    const productOf = await lockProducts(tx, productIds);
    const buyers = await lockBuyers(tx, row.userId ? [row.userId] : []);
    const { membershipOf, contractOf } = await companyFacts(tx, people, productIds);
    // Asked for on account: the company's account, locked after the members' rows.
    const onAccount = row.paymentTerms !== 'card' && row.companyId !== null;
    const accounts = await lockAccounts(tx, onAccount ? [row.companyId!] : [], ctx.overdueHoldDays);

    const deciding = membershipOf.get(approver.id);
    if (!deciding || deciding.role === 'buyer') {
      throw new HttpError(403, companyMessages.approversOnly);
    }
    if (deciding.companyId !== row.companyId) throw new HttpError(403, companyMessages.notMember);
    if (row.userId === approver.id) throw new HttpError(403, companyMessages.ownPurchase);
    if (!lines || row.closedAs) throw new HttpError(409, companyMessages.notAwaiting);

    const buyerMembership = row.userId ? membershipOf.get(row.userId) : undefined;
    if (!buyerMembership || buyerMembership.companyId !== row.companyId) {
      return { left: true as const };
    }
    // The purchase counts among the buyer's holds while it waits: the others must leave room.
    const holds = (buyers.get(row.userId!)?.holds ?? 1) - 1;
    if (holds >= ctx.unpaidMax) throw new HttpError(409, tooManyUnpaidOrders(ctx.unpaidMax));

    const available = new Map([...productOf].map(([pid, product]) => [pid, product.available]));
    // Accepted from a quote: at the offer's prices still, where they are the lowest.
    const quotePrices = row.quoteId ? await acceptedOfferPrices(tx, row.quoteId) : null;
    const judged = judgeLines(
      lines,
      productOf,
      available,
      specialPrices(contractOf.get(row.companyId!) ?? new Map(), quotePrices),
      companyMessages.productGone,
    );
    const [refusal] = judged.refusals;
    if (refusal) {
      const product = productOf.get(refusal.productId);
      const name =
        product?.name ?? lines.find((l) => l.productId === refusal.productId)?.productName;
      throw new HttpError(
        409,
        refusal.problem === 'unavailable' && product
          ? companyMessages.stockGone(product.name, product.available)
          : `${name}: ${refusal.message}`,
      );
    }
    // Shipping and tax as they are today, by the method chosen (or, if it is gone or no longer
    // takes the parcel, the cheapest), to the same place.
    const tables = new ChargeTables(tx, ctx.charges);
    const charge = (methodId: string | null) =>
      chargePurchase(tables, productOf, {
        lines: judged.priced,
        destination: {
          shipTo: row.shipTo,
          taxExempt: row.taxTreatment?.treatment === LOCATION_EXEMPT,
        },
        methodId,
        buyer: taxBuyer ?? { isBusiness: false, vatId: null, vatIdCheck: 'skipped' },
        companyId: row.companyId,
      });
    const charged = await charge(row.shippingMethod?.id ?? null).catch((error: unknown) => {
      if (error instanceof HttpError && row.shippingMethod) return charge(null);
      throw error;
    });
    // Priced again, it may now pass what one card payment may take, as placing refuses.
    if (!onAccount && charged.total > MAX_ORDER_TOTAL) {
      throw new HttpError(409, purchaseMessages.totalTooHigh(charged.total, MAX_ORDER_TOTAL));
    }
    // On account, the credit is taken now, against the company's terms and balance of today.
    const account = accounts.get(row.companyId!);
    const creditRefusal = onAccount
      ? charged.total > 0
        ? takeCredit(account, charged.total)
        : termsRefusal(account)
      : null;
    if (creditRefusal) throw creditRefusal;
    const [approved] = await tx
      .update(purchases)
      .set({
        awaitingLines: null,
        ...chargeColumns(charged, ctx.charges),
        // The terms in force now: the invoice is due by them.
        ...(onAccount && account ? { paymentTerms: account.paymentTerms } : {}),
      })
      .where(eq(purchases.id, id))
      .returning();
    const verified = buyers.get(row.userId!)?.verified ?? false;
    const entry = { purchase: approved!, lines: charged.lines, verified, onAccount };
    const placed = await placeLines(tx, ctx, [entry]);
    // On account it is confirmed and its invoice mailed (steps.ts placeLines): no "pay now".
    if (!onAccount) {
      await enqueueEmail(tx, {
        kind: 'purchase-approved',
        to: row.email,
        payload: { purchaseId: id, approvedBy: await displayName(tx, approver.email) },
      });
    }
    const placedLines = placed.get(id) ?? [];
    await emitEvents(tx, [
      purchaseEvent('purchase.approved', entry.purchase, placedLines),
      ...settledEvents(entry.purchase, placedLines),
    ]);
    return { left: false as const, purchase: toPurchase(entry.purchase, placedLines) };
  });

  if (result.left) {
    // The buyer left the company while it waited: it can no longer be bought for the company.
    await ctx.db
      .update(purchases)
      .set({ closedAs: 'cancelled', closedAt: sql`now()` })
      .where(
        and(eq(purchases.id, id), isNotNull(purchases.awaitingLines), isNull(purchases.closedAs)),
      );
    throw new HttpError(409, companyMessages.buyerLeft);
  }
  catalogChanged(ctx.db);
  jobsQueued(ctx.db);
  ctx.log.info({ purchaseId: id, approver: approver.email }, 'purchase approved');
  return result.purchase;
}
