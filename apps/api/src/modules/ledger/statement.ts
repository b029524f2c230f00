import { AGING_BUCKETS, type AgingBucket, type LedgerKind } from '@shop/shared';
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerEntries, purchases } from '../../db/schema.js';
import { invoicesOf, today } from './invoices.js';

/**
 * A company's statement of account for a period (issue 30 item 6): the balance before it, every
 * entry in it, the balance after, and what its open invoices ask by age. Days are UTC days, the
 * days due dates are written in and documents print.
 */

/** UTC midnight at the start of `day` (YYYY-MM-DD). */
const startOf = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`;

/** The most entries one statement lists; a busier period is asked for in parts. */
export const STATEMENT_ENTRIES_MAX = 10_000;

export interface StatementEntry {
  at: Date;
  kind: LedgerKind;
  reference: string;
  /** Signed cents. */
  amount: number;
  balanceAfter: number;
}

export interface StatementFacts {
  /** Cents owed at the start of `from`. */
  opening: number;
  entries: StatementEntry[];
  /** Cents owed at the end of `to`: `opening` plus the period's entries. */
  closing: number;
  /** Whether the period had more entries than one statement lists (only the first are). */
  truncated: boolean;
}

/** The entries of `from`..`to` (both days included) and the balances around them. */
export async function statementFacts(
  db: Db,
  companyId: string,
  from: string,
  to: string,
): Promise<StatementFacts> {
  const ofCompany = eq(ledgerEntries.companyId, companyId);
  const end = sql`${startOf(to)} + interval '1 day'`;
  // One snapshot for every figure: an entry booked meanwhile is in all of them or in none.
  return db.transaction(
    async (tx) => {
      const balanceBefore = async (instant: SQL) => {
        const [row] = await tx
          .select({
            cents: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number),
          })
          .from(ledgerEntries)
          .where(and(ofCompany, lt(ledgerEntries.at, instant)));
        return row?.cents ?? 0;
      };
      const opening = await balanceBefore(startOf(from));
      const rows = await tx
        .select({
          at: ledgerEntries.at,
          kind: ledgerEntries.kind,
          reference: ledgerEntries.reference,
          amount: ledgerEntries.amount,
          balanceAfter: ledgerEntries.balanceAfter,
        })
        .from(ledgerEntries)
        .where(and(ofCompany, gte(ledgerEntries.at, startOf(from)), lt(ledgerEntries.at, end)))
        .orderBy(asc(ledgerEntries.seq))
        .limit(STATEMENT_ENTRIES_MAX + 1);
      const truncated = rows.length > STATEMENT_ENTRIES_MAX;
      const entries = rows.slice(0, STATEMENT_ENTRIES_MAX);
      // Every entry listed: the closing balance is theirs added to the opening one.
      const closing = truncated
        ? await balanceBefore(end)
        : entries.reduce((sum, entry) => sum + entry.amount, opening);
      return { opening, entries, closing, truncated };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Days past the due date, for the aging's buckets. */
const late = sql`(${today} - ${purchases.dueDate})`;
const BUCKET_WHERE: Record<AgingBucket, SQL> = {
  current: sql`${late} <= 0`,
  days1to30: sql`${late} between 1 and 30`,
  days31to60: sql`${late} between 31 and 60`,
  days61to90: sql`${late} between 61 and 90`,
  over90: sql`${late} > 90`,
};

/** SQL of one bucket's sum of what is still due, for a select list grouped by company or not. */
export const agingSum = (bucket: AgingBucket) =>
  sql<number>`coalesce(sum(${purchases.amountDue}) filter (where ${BUCKET_WHERE[bucket]}), 0)::bigint`.mapWith(
    Number,
  );

/** What the company's open invoices ask today, in cents, by how late they are. */
export async function agingOf(db: Db, companyId: string): Promise<Record<AgingBucket, number>> {
  const [row] = await db
    .select(Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, agingSum(bucket)])))
    .from(purchases)
    .where(and(invoicesOf(companyId), sql`${purchases.amountDue} > 0`));
  return Object.fromEntries(
    AGING_BUCKETS.map((bucket) => [bucket, Number(row?.[bucket] ?? 0)]),
  ) as Record<AgingBucket, number>;
}
