import {
  AGING_BUCKETS,
  agingLabels,
  fromCents,
  moneyText,
  paymentTermsLabels,
  type AgingBucket,
  type Receivable,
  type ReceivablesPage,
  type ReceivablesQuery,
} from '@shop/shared';
import { and, asc, desc, gt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, purchases } from '../../db/schema.js';
import { csvCell } from '../../http/csv.js';
import { agingSum } from './statement.js';

/**
 * The admin's receivables (issue 30 item 7): every company that buys on terms or owes anything,
 * its balance (the ledger's sum, kept on the company's row) and what its open invoices ask by
 * age, one grouped read of the open invoices (purchases_open_invoices_idx) joined to the
 * companies, the most overdue first.
 */

const LATE: AgingBucket[] = ['days1to30', 'days31to60', 'days61to90', 'over90'];

/** Each company's open invoices by age, and its oldest due date. */
const agingByCompany = (db: Db) =>
  db
    .select({
      companyId: sql<string>`${purchases.companyId}`.as('aging_company_id'),
      ...Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, agingSum(bucket).as(bucket)])),
      oldestDueDate: sql<string | null>`min(${purchases.dueDate})`.as('oldest_due_date'),
    })
    .from(purchases)
    .where(
      and(
        gt(purchases.amountDue, 0),
        ne(purchases.paymentTerms, 'card'),
        sql`${purchases.invoiceNumber} is not null`,
      ),
    )
    .groupBy(purchases.companyId)
    .as('aging');

type AgingRow = Record<AgingBucket, number>;

/** The read every use shares: companies left-joined to their aging, filtered. */
function receivablesRows(db: Db, query: Pick<ReceivablesQuery, 'filter'>) {
  const aging = agingByCompany(db);
  const bucket = (name: AgingBucket) =>
    sql<number>`coalesce(${sql.identifier('aging')}.${sql.identifier(name)}, 0)`.mapWith(Number);
  const overdue = sql<number>`(${sql.join(
    LATE.map((name) => bucket(name)),
    sql` + `,
  )})`.mapWith(Number);
  const listed: SQL | undefined =
    query.filter === 'overdue'
      ? sql`${overdue} > 0`
      : or(ne(companies.paymentTerms, 'card'), ne(companies.balance, 0));
  return { aging, bucket, overdue, listed };
}

const toReceivable = (row: {
  id: string;
  name: string;
  paymentTerms: Receivable['paymentTerms'];
  creditLimit: number | null;
  onHold: boolean;
  balance: number;
  aging: AgingRow;
  overdue: number;
  oldestDueDate: string | null;
}): Receivable => ({
  companyId: row.id,
  name: row.name,
  paymentTerms: row.paymentTerms,
  creditLimit: row.creditLimit === null ? null : fromCents(row.creditLimit),
  onHold: row.onHold,
  balance: fromCents(row.balance),
  ...(Object.fromEntries(AGING_BUCKETS.map((name) => [name, fromCents(row.aging[name])])) as Record<
    AgingBucket,
    number
  >),
  overdue: fromCents(row.overdue),
  oldestDueDate: row.oldestDueDate,
});

/** A page of receivables, the most overdue first (then the largest balance, then the name). */
async function selectPage(
  db: Db,
  query: Pick<ReceivablesQuery, 'filter'>,
  limit: number,
  offset: number,
) {
  const { aging, bucket, overdue, listed } = receivablesRows(db, query);
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      paymentTerms: companies.paymentTerms,
      creditLimit: companies.creditLimit,
      onHold: companies.onHold,
      balance: companies.balance,
      ...Object.fromEntries(AGING_BUCKETS.map((name) => [name, bucket(name)])),
      overdue,
      oldestDueDate: sql<string | null>`${sql.identifier('aging')}.oldest_due_date`,
    })
    .from(companies)
    .leftJoin(aging, sql`${sql.identifier('aging')}.aging_company_id = ${companies.id}`)
    .where(listed)
    .orderBy(desc(overdue), desc(companies.balance), asc(companies.name), asc(companies.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) =>
    toReceivable({
      ...row,
      aging: Object.fromEntries(
        AGING_BUCKETS.map((name) => [name, Number((row as Record<string, unknown>)[name])]),
      ) as AgingRow,
    }),
  );
}

/** The totals of every company the filter lists, in cents, and how many owe something late. */
async function receivablesTotals(db: Db, filter: 'overdue' | undefined) {
  const { aging, bucket, overdue, listed } = receivablesRows(db, { filter });
  const sum = (value: SQL<number>) =>
    sql<number>`coalesce(sum(${value}), 0)::bigint`.mapWith(Number);
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`.mapWith(Number),
      overdueCompanies: sql<number>`(count(*) filter (where ${overdue} > 0))::int`.mapWith(Number),
      balance: sum(sql`${companies.balance}`),
      ...Object.fromEntries(AGING_BUCKETS.map((name) => [name, sum(bucket(name))])),
      overdue: sum(overdue),
    })
    .from(companies)
    .leftJoin(aging, sql`${sql.identifier('aging')}.aging_company_id = ${companies.id}`)
    .where(listed);
  const cents = (key: string) =>
    Number((totals as Record<string, unknown> | undefined)?.[key] ?? 0);
  return {
    count: cents('count'),
    overdueCompanies: cents('overdueCompanies'),
    totals: {
      balance: fromCents(cents('balance')),
      ...(Object.fromEntries(AGING_BUCKETS.map((name) => [name, fromCents(cents(name))])) as Record<
        AgingBucket,
        number
      >),
      overdue: fromCents(cents('overdue')),
    },
  };
}

/** GET /admin/receivables: a page and the totals of every company the filter lists. */
export async function listReceivables(
  db: Db,
  { filter, page = 1, limit = 20 }: { filter?: 'overdue'; page?: number; limit?: number },
): Promise<ReceivablesPage> {
  const [items, { count, totals }] = await Promise.all([
    selectPage(db, { filter }, limit, (page - 1) * limit),
    receivablesTotals(db, filter),
  ]);
  return { items, total: count, page, limit, totals };
}

const CSV_BATCH = 1000;
const money = (dollars: number) => moneyText(dollars);

/** GET /admin/receivables.csv: every company of the filter, a batch at a time, then the totals. */
export async function* receivablesCsv(
  db: Db,
  query: Pick<ReceivablesQuery, 'filter'>,
): AsyncGenerator<string> {
  const header = [
    'Company',
    'Terms',
    'Credit limit',
    'On hold',
    'Balance',
    ...AGING_BUCKETS.map((name) => agingLabels[name]),
    'Overdue',
    'Oldest due date',
  ];
  yield `${header.map(csvCell).join(',')}\r\n`;
  for (let offset = 0; ; offset += CSV_BATCH) {
    const rows = await selectPage(db, query, CSV_BATCH, offset);
    if (rows.length === 0) break;
    yield rows
      .map((row) =>
        [
          row.name,
          paymentTermsLabels[row.paymentTerms],
          row.creditLimit === null ? '' : money(row.creditLimit),
          row.onHold ? 'yes' : 'no',
          money(row.balance),
          ...AGING_BUCKETS.map((name) => money(row[name])),
          money(row.overdue),
          row.oldestDueDate ?? '',
        ]
          .map(csvCell)
          .join(','),
      )
      .map((line) => `${line}\r\n`)
      .join('');
    if (rows.length < CSV_BATCH) break;
  }
  const { totals } = await receivablesTotals(db, query.filter);
  yield `${[
    'Total',
    '',
    '',
    '',
    money(totals.balance),
    ...AGING_BUCKETS.map((name) => money(totals[name])),
    money(totals.overdue),
    '',
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}

/** The Overview's receivables: what every company owes, what is overdue, and by how many. */
export async function receivablesSummary(
  db: Db,
): Promise<{ balance: number; overdue: number; overdueCompanies: number }> {
  const { totals, overdueCompanies } = await receivablesTotals(db, undefined);
  return { balance: totals.balance, overdue: totals.overdue, overdueCompanies };
}
