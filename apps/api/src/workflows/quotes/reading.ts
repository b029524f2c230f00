import {
  fromCents,
  unitPriceFor,
  type Quote,
  type QuoteList,
  type QuoteQuery,
  type QuoteSummary,
} from '@shop/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companies, products, purchases } from '../../db/schema.js';
import type { SignedInUser } from '../../kernel/people.js';
import { membershipOf } from '../../modules/companies/membership.js';
import {
  listQuotes,
  messagesOf,
  offerSubtotal,
  quoteStatus,
  versionsOf,
  type QuoteRow,
} from '../../modules/quotes/store.js';
import { contractPricesOf } from '../buying/steps.js';

/** A quote as every list shows it. */
function toSummary(quote: QuoteRow, companyName: string | null): QuoteSummary {
  return {
    _id: quote.id,
    number: quote.number,
    status: quoteStatus(quote),
    companyId: quote.companyId,
    companyName,
    requester: { name: quote.name, email: quote.email },
    lineCount: quote.lines.length,
    offerSubtotal: quote.offerSubtotal === null ? null : fromCents(quote.offerSubtotal),
    expiresAt: quote.expiresAt?.toISOString() ?? null,
    purchaseId: null,
    createdAt: quote.createdAt.toISOString(),
    updatedAt: quote.updatedAt.toISOString(),
  };
}

/**
 * The whole quote: each line as asked for, beside what the catalogue charges for it today (list,
 * volume price at its quantity, the company's contract price: what the admin weighs an offer
 * against), every offer and the thread, and the purchase it became.
 */
export async function toQuote(db: Db | Tx, quote: QuoteRow): Promise<Quote> {
  const productIds = quote.lines.map((line) => line.productId);
  const [catalogue, contracts, versions, thread, company, [purchase]] = await Promise.all([
    productIds.length === 0
      ? []
      : db
          .select({ id: products.id, price: products.price, priceTiers: products.priceTiers })
          .from(products)
          .where(inArray(products.id, productIds)),
    quote.companyId ? contractPricesOf(db as Tx, [quote.companyId], productIds) : new Map(),
    versionsOf(db, quote.id),
    messagesOf(db, quote.id),
    quote.companyId
      ? db.select({ name: companies.name }).from(companies).where(eq(companies.id, quote.companyId))
      : [],
    db
      .select({ id: purchases.id, number: purchases.number, closedAs: purchases.closedAs })
      .from(purchases)
      .where(eq(purchases.quoteId, quote.id)),
  ]);
  const productOf = new Map(catalogue.map((product) => [product.id, product]));
  const contract: Map<string, number> = quote.companyId
    ? (contracts.get(quote.companyId) ?? new Map())
    : new Map();
  return {
    ...toSummary(quote, company[0]?.name ?? null),
    purchaseId: purchase?.id ?? null,
    purchaseNumber: purchase?.number ?? null,
    purchaseClosed: purchase?.closedAs ?? null,
    locationId: quote.locationId,
    lines: quote.lines.map((line) => {
      const product = productOf.get(line.productId);
      const contractPrice = contract.get(line.productId);
      return {
        productId: line.productId,
        productName: line.productName,
        sku: line.sku,
        quantity: line.quantity,
        targetPrice: line.targetPrice === null ? null : fromCents(line.targetPrice),
        listPrice: product ? fromCents(product.price) : null,
        tierPrice: product ? fromCents(unitPriceFor(product, line.quantity)) : null,
        contractPrice: contractPrice === undefined ? null : fromCents(contractPrice),
      };
    }),
    versions: versions.map((version) => ({
      version: version.version,
      lines: version.lines.map((line) => ({
        productId: line.productId,
        productName: line.productName,
        quantity: line.quantity,
        unitPrice: fromCents(line.unitPrice),
        total: fromCents(line.quantity * line.unitPrice),
      })),
      subtotal: fromCents(offerSubtotal(version.lines)),
      expiresAt: version.expiresAt.toISOString(),
      note: version.note,
      createdAt: version.createdAt.toISOString(),
    })),
    messages: thread.map((message) => ({
      _id: message.id,
      from: message.fromShop ? ('shop' as const) : ('buyer' as const),
      author: message.author,
      text: message.text,
      targetPrices: message.targetPrices.map((target) => ({
        productId: target.productId,
        targetPrice: fromCents(target.targetPrice),
      })),
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

/**
 * GET /quotes: an admin's every quote (the inbox); an owner's or approver's their company's and
 * their own; anyone else's their own.
 */
export async function listQuotesFor(
  db: Db,
  user: SignedInUser,
  query: QuoteQuery,
): Promise<QuoteList> {
  const membership = user.isAdmin ? null : await membershipOf(db, user);
  const companyIds =
    membership && membership.role !== 'buyer' ? [membership.companyId] : ([] as string[]);
  const { rows, total } = await listQuotes(
    db,
    { all: user.isAdmin, userId: user.id, companyIds },
    { status: query.status, q: query.q },
    { page: query.page, limit: query.limit },
  );
  const ids = rows.map(({ quote }) => quote.id);
  const bought =
    ids.length === 0
      ? []
      : await db
          .select({ id: purchases.id, quoteId: purchases.quoteId })
          .from(purchases)
          .where(inArray(purchases.quoteId, ids));
  const purchaseOf = new Map(bought.map((row) => [row.quoteId, row.id]));
  return {
    items: rows.map(({ quote, companyName }) => ({
      ...toSummary(quote, companyName),
      purchaseId: purchaseOf.get(quote.id) ?? null,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}
