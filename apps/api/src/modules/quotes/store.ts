import type { QuoteStatus } from '@shop/shared';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  companies,
  quoteCounters,
  quoteMessages,
  quotes,
  quoteVersions,
  type QuoteLineRow,
  type QuoteOfferLineRow,
} from '../../db/schema.js';

/**
 * The quotes' rows (issue 31, docs/decisions/052): the quote, its offers (versions, never changed
 * once written) and its thread. Every change to a quote first locks its row, so an offer, a
 * message, a decline and an acceptance of one quote go one after another and each sees the
 * state the one before left.
 */

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteVersionRow = typeof quoteVersions.$inferSelect;
export type QuoteMessageRow = typeof quoteMessages.$inferSelect;

/** Q-2026-00042: the year and at least five digits. */
export const formatQuoteNumber = (year: number, n: number) =>
  `Q-${year}-${String(n).padStart(5, '0')}`;

/** The next quote number of this year (the counter row is locked until the transaction ends). */
async function nextQuoteNumber(tx: Tx): Promise<string> {
  const [row] = await tx
    .insert(quoteCounters)
    .values({ year: sql`extract(year from now())::int`, last: 1 })
    .onConflictDoUpdate({
      target: quoteCounters.year,
      set: { last: sql`${quoteCounters.last} + 1` },
    })
    .returning();
  if (!row) throw new Error('The database returned no quote counter.');
  return formatQuoteNumber(row.year, row.last);
}

export interface NewQuote {
  userId: string;
  name: string;
  email: string;
  companyId: string | null;
  locationId: string | null;
  lines: QuoteLineRow[];
  /** The buyer's first message, if they wrote one. */
  message: string | null;
}

/** Writes a requested quote (and its first message) with the next number. */
export async function insertQuote(tx: Tx, quote: NewQuote): Promise<QuoteRow> {
  const number = await nextQuoteNumber(tx);
  const [row] = await tx
    .insert(quotes)
    .values({
      number,
      userId: quote.userId,
      name: quote.name,
      email: quote.email,
      companyId: quote.companyId,
      locationId: quote.locationId,
      lines: quote.lines,
    })
    .returning();
  if (!row) throw new Error('The database returned no quote.');
  if (quote.message !== null) {
    await tx.insert(quoteMessages).values({
      quoteId: row.id,
      fromShop: false,
      author: `${quote.name} <${quote.email}>`,
      text: quote.message,
    });
  }
  return row;
}

export async function findQuote(db: Db | Tx, id: string): Promise<QuoteRow | null> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row ?? null;
}

/** Locks the quotes' rows (FOR UPDATE, in id order) and answers them by id. */
export async function lockQuotes(tx: Tx, ids: string[]): Promise<Map<string, QuoteRow>> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(quotes)
    .where(inArray(quotes.id, sorted))
    .orderBy(quotes.id)
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

export async function versionsOf(db: Db | Tx, quoteId: string): Promise<QuoteVersionRow[]> {
  return db
    .select()
    .from(quoteVersions)
    .where(eq(quoteVersions.quoteId, quoteId))
    .orderBy(asc(quoteVersions.version));
}

export async function versionOf(
  db: Db | Tx,
  quoteId: string,
  version: number,
): Promise<QuoteVersionRow | null> {
  const [row] = await db
    .select()
    .from(quoteVersions)
    .where(and(eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.version, version)));
  return row ?? null;
}

export async function messagesOf(db: Db | Tx, quoteId: string): Promise<QuoteMessageRow[]> {
  return db
    .select()
    .from(quoteMessages)
    .where(eq(quoteMessages.quoteId, quoteId))
    .orderBy(asc(quoteMessages.seq));
}

/** Cents: what an offer's lines add up to. */
export const offerSubtotal = (lines: QuoteOfferLineRow[]) =>
  lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);

/**
 * Writes the next offer of a locked quote and makes it the one waiting for the buyer (status
 * `offered`). Answers its version number.
 */
export async function addVersion(
  tx: Tx,
  quote: QuoteRow,
  offer: { lines: QuoteOfferLineRow[]; expiresAt: Date; note: string | null; createdBy: string },
): Promise<number> {
  const version = quote.latestVersion + 1;
  await tx.insert(quoteVersions).values({ quoteId: quote.id, version, ...offer });
  await tx
    .update(quotes)
    .set({
      status: 'offered',
      latestVersion: version,
      expiresAt: offer.expiresAt,
      offerSubtotal: offerSubtotal(offer.lines),
      updatedAt: sql`now()`,
    })
    .where(eq(quotes.id, quote.id));
  return version;
}

/**
 * Adds a message to a locked quote's thread. New target prices (cents, from the buyer's side)
 * replace those of their lines and ask the shop for a new offer (status `requested`).
 */
export async function addMessage(
  tx: Tx,
  quote: QuoteRow,
  message: {
    fromShop: boolean;
    author: string;
    text: string;
    targetPrices: { productId: string; targetPrice: number }[];
  },
): Promise<void> {
  await tx.insert(quoteMessages).values({ quoteId: quote.id, ...message });
  const targets = new Map(message.targetPrices.map((t) => [t.productId, t.targetPrice]));
  await tx
    .update(quotes)
    .set({
      ...(targets.size > 0
        ? {
            status: 'requested' as const,
            lines: quote.lines.map((line) => ({
              ...line,
              targetPrice: targets.get(line.productId) ?? line.targetPrice,
            })),
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(quotes.id, quote.id));
}

/** Declines a locked quote. */
export async function markDeclined(tx: Tx, quoteId: string): Promise<void> {
  await tx
    .update(quotes)
    .set({ status: 'declined', updatedAt: sql`now()` })
    .where(eq(quotes.id, quoteId));
}

/** Marks a locked quote accepted at `version` (its purchase names it, in the same transaction). */
export async function markAccepted(tx: Tx, quoteId: string, version: number): Promise<void> {
  await tx
    .update(quotes)
    .set({
      status: 'accepted',
      acceptedVersion: version,
      acceptedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(quotes.id, quoteId));
}

/** The status a quote reads as: an offer waiting past its validity is `expired`. */
export function quoteStatus(quote: Pick<QuoteRow, 'status' | 'expiresAt'>, now = new Date()) {
  if (quote.status === 'offered' && quote.expiresAt && quote.expiresAt <= now) return 'expired';
  return quote.status;
}

/** Who is listing: an admin sees every quote; anyone else theirs and those of `companyIds`. */
export interface QuoteScope {
  all: boolean;
  userId: string;
  /** Companies whose every quote the caller sees (they own or approve for it). */
  companyIds: string[];
}

export interface QuoteFilter {
  status?: QuoteStatus | undefined;
  q?: string | undefined;
}

const statusCondition = (status: QuoteStatus): SQL => {
  switch (status) {
    case 'offered':
      return sql`${quotes.status} = 'offered' and ${quotes.expiresAt} > now()`;
    case 'expired':
      return sql`${quotes.status} = 'offered' and ${quotes.expiresAt} <= now()`;
    default:
      return eq(quotes.status, status);
  }
};

/** A page of quotes, newest first, with each one's company name. */
export async function listQuotes(
  db: Db,
  scope: QuoteScope,
  filter: QuoteFilter,
  paging: { page: number; limit: number },
) {
  const conditions: SQL[] = [];
  if (!scope.all) {
    conditions.push(
      scope.companyIds.length > 0
        ? or(eq(quotes.userId, scope.userId), inArray(quotes.companyId, scope.companyIds))!
        : eq(quotes.userId, scope.userId),
    );
  }
  if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(quotes.number, like),
        ilike(quotes.email, like),
        ilike(quotes.name, like),
        ilike(companies.name, like),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ quote: quotes, companyName: companies.name })
      .from(quotes)
      .leftJoin(companies, eq(companies.id, quotes.companyId))
      .where(where)
      .orderBy(desc(quotes.seq))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(quotes)
      .leftJoin(companies, eq(companies.id, quotes.companyId))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The unit prices (cents, by product) of an offer's lines. */
export const offerPrices = (lines: QuoteOfferLineRow[]) =>
  new Map(lines.map((line) => [line.productId, line.unitPrice]));

/** The prices of the offer a quote was accepted at, or null (none accepted, or it is gone). */
export async function acceptedOfferPrices(
  db: Db | Tx,
  quoteId: string,
): Promise<Map<string, number> | null> {
  const quote = await findQuote(db, quoteId);
  if (!quote?.acceptedVersion) return null;
  const version = await versionOf(db, quoteId, quote.acceptedVersion);
  return version ? offerPrices(version.lines) : null;
}
