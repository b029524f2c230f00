import {
  type PostalAddress,
  AWAITING_PER_BUYER_MAX,
  MAX_ORDER_TOTAL,
  purchaseMessages,
  tooManyUnpaidOrders,
} from '@shop/shared';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { authUsers, purchases, type AwaitingLineRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { enqueueEmail } from '../../mail/jobs.js';
import { catalogChanged } from '../../db/changes.js';
import { enqueueApprovalNeeded } from './approval-emails.js';
import type { OrderContext } from '../../modules/orders/context.js';
import { orderMessages } from '../../modules/orders/messages.js';
import type { PurchaseRow } from '../../modules/orders/purchase-store.js';
import type { OrderRow } from '../../modules/orders/store.js';
import { lockProducts } from '../../stock/stock.js';
import type { SignedInUser } from '../../kernel/people.js';
import { inArray } from 'drizzle-orm';
import { accountMessages, type PaymentMethod, type TaxBuyer } from '@shop/shared';
import { lockAccounts, takeCredit, termsRefusal } from './account.js';
import {
  ChargeTables,
  chargeColumns,
  chargePurchase,
  taxBuyerOf,
  type Charged,
} from './charges.js';
import {
  companyFacts,
  judgeLines,
  lockBuyers,
  placeLines,
  specialPrices,
  type LineRefusal,
  type LineRequest,
} from './steps.js';
import { lockQuotes, markAccepted, type QuoteRow } from '../../modules/quotes/store.js';
import { quoteMessages } from '@shop/shared';
import { enqueueQuoteEmail } from '../../modules/quotes/emails.js';
import { emitEvents, type ShopEvent } from '../../kernel/events.js';
import { purchaseEvent, settledEvents } from '../../modules/orders/purchase-events.js';
import { jobsQueued } from '../../kernel/jobs.js';
import { buyingMetricsOf, type RefusalReason } from '../../kernel/metrics.js';
import { notePurchasePlaced } from '../../kernel/traces.js';

/**
 * Placing a purchase: the one road Buy Now (POST /order, one line), checkout (POST /checkout)
 * and reorder (the cart again) take (docs/decisions/024). In one transaction it locks the
 * products and the buyer, prices every line (list, tier or contract: the lowest that applies),
 * checks the quantity rules against the stock left, counts the buyer's holds (unpaid purchases
 * and those awaiting approval; one for an unverified account), applies the company's spending
 * limit (above it the purchase waits for approval, holding no stock), attaches the company and
 * takes the stock.
 *
 * Purchases of the same products that arrive while the previous batch is being written go
 * together in the next transaction (docs/decisions/007): one lock of the products, one stock
 * update, one insert, one disk flush for all of them, so a popular product sells at the speed of
 * the disk's flushes times the batch, not once per flush. Each purchase is still judged on its
 * own, in arrival order, against what the purchases before it left.
 */

/** Who is buying what, and how to reach them: the same for every way to buy. */
export interface PurchaseRequest {
  lines: LineRequest[];
  phone: string;
  /** SPEC's one-line address; `shipTo`'s one-line form when there is one (ship-to.ts). */
  address: string;
  /** The structured ship-to address, when the buyer gave one or picked a location. */
  shipTo: PostalAddress | null;
  poNumber: string | null;
  company: string | null;
  taxId: string | null;
  /** The ship-to is a company location the shop's admins exempted from tax. */
  taxExempt: boolean;
  /** The shipping method the buyer chose; null: the cheapest that serves the destination. */
  shippingMethodId: string | null;
  /** `account`: charged to the company's credit and confirmed at once (decision 044). */
  paymentMethod: PaymentMethod;
  /**
   * The offer of a quote it accepts (issue 31): its lines are bought at the offer's prices
   * (where they are the lowest), the quote is checked and marked accepted under its row's lock
   * in the purchase's transaction, once.
   */
  quote?: QuoteOfferToAccept;
}

/** The offer a purchase accepts: which quote, which version, at what prices (cents). */
export interface QuoteOfferToAccept {
  id: string;
  number: string;
  version: number;
  prices: Map<string, number>;
}

/** A purchase that was refused because of its lines (the others' refusals are HttpErrors). */
export class LinesRefused extends Error {
  constructor(readonly lines: LineRefusal[]) {
    super(purchaseMessages.linesRefused);
  }
}

export interface PlacedPurchase {
  purchase: PurchaseRow;
  lines: OrderRow[];
  /** Milliseconds its shipping and tax took (their table reads included): logged, benchmarked. */
  chargeMs?: number;
}

/** At most this many purchases in one transaction: keeps each transaction short. */
export const MAX_BATCH = 250;

interface Pending {
  user: SignedInUser;
  request: PurchaseRequest;
  /** Who buys for tax, asked for on arrival and awaited by the batch (VIES may take seconds). */
  taxBuyer: Promise<TaxBuyer>;
  resolve(placed: PlacedPurchase): void;
  reject(error: unknown): void;
}

interface Queue {
  waiting: Pending[];
  running: boolean;
}

// Per database handle, then per set of products: each app (and each test) has its own.
const queues = new WeakMap<Db, Map<string, Queue>>();

/**
 * Places one purchase: answers it once its transaction has committed, or throws what refuses it
 * (LinesRefused, or an HttpError: 400 for a total above the card limit, 409 for the holds).
 */
export async function placePurchase(
  ctx: OrderContext,
  user: SignedInUser,
  request: PurchaseRequest,
): Promise<PlacedPurchase> {
  // Asked for now and awaited by the batch, before its transaction: awaiting it here would let
  // a later purchase overtake this one in the queue (decision 007's arrival order).
  const taxBuyer = taxBuyerOf(ctx.db, user, request, ctx.charges.viesUrl);
  // Handled where the batch awaits it; this only keeps a failure from counting as unhandled.
  taxBuyer.catch(() => undefined);
  let byProducts = queues.get(ctx.db);
  if (!byProducts) {
    byProducts = new Map();
    queues.set(ctx.db, byProducts);
  }
  const key = [...new Set(request.lines.map((line) => line.productId))].sort().join(',');
  let queue = byProducts.get(key);
  if (!queue) {
    queue = { waiting: [], running: false };
    byProducts.set(key, queue);
  }
  const target = queue;
  const all = byProducts;
  // Queued at once, with no await before: purchases are judged in the order they arrived.
  const placed = await new Promise<PlacedPurchase>((resolve, reject) => {
    target.waiting.push({ user, request, taxBuyer, resolve, reject });
    if (!target.running) void drain(ctx, key, target, all);
  });
  ctx.log.info(
    {
      purchaseId: placed.purchase.id,
      number: placed.purchase.number,
      lines: placed.lines.length,
      chargeMs: placed.chargeMs === undefined ? undefined : Number(placed.chargeMs.toFixed(2)),
    },
    placed.purchase.awaitingLines ? 'purchase awaiting approval' : 'purchase placed',
  );
  notePurchasePlaced(placed.purchase.number);
  return placed;
}

async function drain(ctx: OrderContext, key: string, queue: Queue, all: Map<string, Queue>) {
  queue.running = true;
  try {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, MAX_BATCH);
      try {
        await placeBatch(ctx, batch);
      } catch (error) {
        if (batch.length === 1) {
          batch[0]?.reject(error);
          continue;
        }
        // Something no rule foresaw (a buyer deleted meanwhile breaks the whole insert, say):
        // each purchase in its own transaction, so one cannot fail the others.
        for (const pending of batch) await placeBatch(ctx, [pending]).catch(pending.reject);
      }
    }
  } finally {
    queue.running = false;
    if (queue.waiting.length === 0) all.delete(key);
  }
}

/** The names the buyers signed up with (stored uppercased), by email. */
async function displayNames(db: Db, emails: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ email: authUsers.email, name: authUsers.name })
    .from(authUsers)
    .where(inArray(authUsers.email, [...new Set(emails)]));
  return new Map(rows.map((row) => [row.email, row.name]));
}

interface Accepted {
  pending: Pending;
  charged: Charged;
  chargeMs: number;
  lines: AwaitingLineRow[];
  awaiting: boolean;
  verified: boolean;
  onAccount: boolean;
}

/** One transaction for the batch; settles each purchase in it once it has committed. */
async function placeBatch(ctx: OrderContext, batch: Pending[]): Promise<void> {
  const taxBuyers = new Map(
    await Promise.all(batch.map(async (pending) => [pending, await pending.taxBuyer] as const)),
  );
  const names = await displayNames(
    ctx.db,
    batch.map((pending) => pending.user.email),
  );
  const outcome = await ctx.db.transaction(async (tx) => {
    const productIds = [
      ...new Set(batch.flatMap((pending) => pending.request.lines.map((l) => l.productId))),
    ];
    const productOf = await lockProducts(tx, productIds);
    const buyers = await lockBuyers(
      tx,
      batch.map((pending) => pending.user.id),
    );
    const { membershipOf, companyOf, contractOf, spentOf } = await companyFacts(
      tx,
      batch.map((pending) => pending.user),
      productIds,
    );
    // The companies of those paying on account, locked after their members' rows.
    const accounts = await lockAccounts(
      tx,
      batch.flatMap(({ user, request }) => {
        const membership = membershipOf.get(user.id);
        return request.paymentMethod === 'account' && membership ? [membership.companyId] : [];
      }),
      ctx.overdueHoldDays,
    );
    // The quotes accepted, locked last: two accepts of one quote go one after the other.
    const quoteRows = await lockQuotes(
      tx,
      batch.flatMap(({ request }) => (request.quote ? [request.quote.id] : [])),
    );
    const acceptedQuotes = new Set<string>();
    const available = new Map([...productOf].map(([id, product]) => [id, product.available]));
    const tables = new ChargeTables(tx, ctx.charges);

    const results = new Map<Pending, Outcome>();
    const accepted: Accepted[] = [];
    for (const pending of batch) {
      const { user, request } = pending;
      const buyer = buyers.get(user.id)!;
      const membership = membershipOf.get(user.id) ?? null;
      const onAccount = request.paymentMethod === 'account';
      if (onAccount) {
        const refusal = membership
          ? termsRefusal(accounts.get(membership.companyId))
          : new HttpError(403, accountMessages.notMember);
        if (refusal) {
          results.set(pending, refused(refusal, 'terms'));
          continue;
        }
      }
      if (request.quote) {
        const refusal = quoteRefusal(
          quoteRows.get(request.quote.id),
          request.quote,
          acceptedQuotes,
        );
        if (refusal) {
          results.set(pending, refused(refusal, 'quote'));
          continue;
        }
      }
      const contract = specialPrices(
        (membership && contractOf.get(membership.companyId)) || new Map(),
        request.quote?.prices ?? null,
      );
      const judged = judgeLines(
        request.lines,
        productOf,
        available,
        contract,
        orderMessages.productNotFound,
      );
      if (judged.refusals.length > 0) {
        results.set(pending, refused(new LinesRefused(judged.refusals), 'lines'));
        continue;
      }
      let charged: Charged;
      const chargeStarted = performance.now();
      try {
        charged = await chargePurchase(tables, productOf, {
          lines: judged.priced,
          destination: { shipTo: request.shipTo, taxExempt: request.taxExempt },
          methodId: request.shippingMethodId,
          buyer: taxBuyers.get(pending)!,
          companyId: membership?.companyId ?? null,
        });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        results.set(pending, refused(error, 'shipping_or_tax'));
        continue;
      }
      // What one card payment may take, and the spending limit, count shipping and tax too. An
      // invoice on account is paid by bank transfer: no card limit (decision 044).
      if (!onAccount && charged.total > MAX_ORDER_TOTAL) {
        const message = purchaseMessages.totalTooHigh(charged.total, MAX_ORDER_TOTAL);
        results.set(pending, refused(new HttpError(400, message), 'card_limit'));
        continue;
      }
      // Above the member's monthly limit: it waits for an approver, holding no stock.
      const spent = spentOf.get(user.id) ?? 0;
      const awaiting =
        membership?.spendingLimit != null && spent + charged.total > membership.spendingLimit;
      // Confirmed on account, it holds nothing unpaid; waiting for approval, it is a hold.
      const holds = !onAccount || awaiting;
      // One account must not hold the catalogue unpaid (OWASP API6): an unverified one holds one.
      if (holds && !buyer.verified && buyer.holds >= 1) {
        results.set(
          pending,
          refused(new HttpError(409, purchaseMessages.unverifiedHold), 'unverified_hold'),
        );
        continue;
      }
      if (holds && buyer.holds >= ctx.unpaidMax) {
        results.set(
          pending,
          refused(new HttpError(409, tooManyUnpaidOrders(ctx.unpaidMax)), 'unpaid_limit'),
        );
        continue;
      }
      if (awaiting && buyer.awaiting >= AWAITING_PER_BUYER_MAX) {
        const message = purchaseMessages.tooManyAwaiting(AWAITING_PER_BUYER_MAX);
        results.set(pending, refused(new HttpError(409, message), 'awaiting_limit'));
        continue;
      }
      // The credit is taken when the purchase is confirmed: at once, or when it is approved.
      if (onAccount && !awaiting && charged.total > 0) {
        const refusal = takeCredit(accounts.get(membership!.companyId), charged.total);
        if (refusal) {
          results.set(pending, refused(refusal, 'credit'));
          continue;
        }
      }
      if (request.quote) acceptedQuotes.add(request.quote.id);
      if (holds) buyer.holds += 1;
      if (awaiting) buyer.awaiting += 1;
      else {
        spentOf.set(user.id, spent + charged.total);
        for (const line of charged.lines) {
          available.set(line.productId, available.get(line.productId)! - line.quantity);
        }
      }
      accepted.push({
        pending,
        charged,
        chargeMs: performance.now() - chargeStarted,
        lines: charged.lines,
        awaiting,
        verified: buyer.verified,
        onAccount,
      });
    }
    if (accepted.length === 0) return results;

    const values: PgInsertValue<typeof purchases>[] = accepted.map(
      ({ pending, charged, lines, awaiting, onAccount }) => {
        const { user, request } = pending;
        const membership = membershipOf.get(user.id);
        const company = membership ? companyOf.get(membership.companyId) : undefined;
        // A company's member buys for it: its name, tax id and billing address.
        return {
          userId: user.id,
          name: names.get(user.email) ?? user.email,
          email: user.email,
          phone: request.phone,
          address: request.address,
          shipTo: request.shipTo,
          poNumber: request.poNumber,
          company: company?.name ?? request.company,
          taxId: company ? company.taxId : request.taxId,
          companyId: company?.id ?? null,
          billingAddress: company?.billingAddress ?? null,
          awaitingLines: awaiting ? lines : null,
          // On account: the terms it is invoiced by (read again when it is approved).
          paymentTerms: (onAccount && company && accounts.get(company.id)?.paymentTerms) || 'card',
          quoteId: request.quote?.id ?? null,
          quoteNumber: request.quote?.number ?? null,
          ...chargeColumns(charged, ctx.charges),
        };
      },
    );
    const rows = await tx.insert(purchases).values(values).returning();
    for (const [index, { pending }] of accepted.entries()) {
      const { quote } = pending.request;
      if (!quote) continue;
      await markAccepted(tx, quote.id, quote.version);
      const row = quoteRows.get(quote.id)!;
      await enqueueQuoteEmail(tx, 'quote-accepted', row, { purchaseNumber: rows[index]!.number });
    }
    const toPlace = accepted.flatMap((entry, index) =>
      entry.awaiting
        ? []
        : [
            {
              purchase: rows[index]!,
              lines: entry.lines,
              verified: entry.verified,
              onAccount: entry.onAccount,
            },
          ],
    );
    const placedLines = await placeLines(tx, ctx, toPlace);
    const current = new Map(toPlace.map(({ purchase }) => [purchase.id, purchase]));
    const placedEmails = [];
    const events: ShopEvent[] = [];
    for (const [index, entry] of accepted.entries()) {
      const purchase = current.get(rows[index]!.id) ?? rows[index]!;
      if (entry.awaiting) {
        await enqueueApprovalNeeded(tx, purchase);
        events.push(purchaseEvent('purchase.created', purchase, []));
        results.set(entry.pending, toPlaced(purchase, [], entry.chargeMs));
        continue;
      }
      const lines = placedLines.get(purchase.id) ?? [];
      events.push(purchaseEvent('purchase.created', purchase, lines));
      events.push(...settledEvents(purchase, lines));
      // A free purchase is paid as it is placed: its receipt says so (steps.ts placeLines).
      if (!lines.every((line) => line.paid)) {
        placedEmails.push({
          kind: 'order-placed' as const,
          to: purchase.email,
          payload: { purchaseId: purchase.id },
        });
      }
      results.set(entry.pending, toPlaced(purchase, lines, entry.chargeMs));
    }
    if (placedEmails.length > 0) await enqueueEmail(tx, placedEmails);
    await emitEvents(tx, events);
    return results;
  });

  if ([...outcome.values()].some((result) => result.placed)) {
    catalogChanged(ctx.db);
    jobsQueued(ctx.db);
  }
  const metrics = buyingMetricsOf(ctx.db);
  for (const pending of batch) {
    const result = outcome.get(pending);
    if (result?.placed) {
      const { purchase } = result.placed;
      const way = purchase.awaitingLines
        ? 'approval'
        : purchase.paymentTerms === 'card'
          ? 'card'
          : 'account';
      metrics?.placed.inc({ way });
      pending.resolve(result.placed);
    } else {
      if (result) metrics?.refused.inc({ reason: result.reason });
      pending.reject(result?.error ?? new Error('No outcome for a purchase in the batch.'));
    }
  }
}

/**
 * Why a quote's offer cannot be accepted now, read under the quote's lock, or null: it is gone,
 * accepted (by another request, perhaps in this very batch) or declined, a newer offer was made,
 * or the offer expired.
 */
function quoteRefusal(
  row: QuoteRow | undefined,
  offer: QuoteOfferToAccept,
  acceptedInBatch: Set<string>,
): HttpError | null {
  if (!row) return new HttpError(404, quoteMessages.notFound);
  if (row.status === 'accepted' || acceptedInBatch.has(row.id)) {
    return new HttpError(409, quoteMessages.acceptedAlready);
  }
  if (row.status === 'declined') return new HttpError(409, quoteMessages.closed('declined'));
  if (row.latestVersion !== offer.version) return new HttpError(409, quoteMessages.staleOffer);
  if (!row.expiresAt || row.expiresAt <= new Date()) {
    const on = row.expiresAt?.toISOString().slice(0, 10) ?? '';
    return new HttpError(409, quoteMessages.expired(on));
  }
  return null;
}

type Outcome =
  | { placed: PlacedPurchase; error?: never; reason?: never }
  | { placed?: never; error: Error; reason: RefusalReason };
const refused = (error: Error, reason: RefusalReason): Outcome => ({ error, reason });
const toPlaced = (purchase: PurchaseRow, lines: OrderRow[], chargeMs: number): Outcome => ({
  placed: { purchase, lines, chargeMs },
});
