import {
  fromCents,
  type AccountInvoice,
  type AccountInvoicePage,
  type InvoiceQuery,
  type InvoiceStatus,
  type PaymentTerms,
} from '@shop/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { lineChargeSql } from '../../db/line-charge.js';
import { orders, paymentAllocations, purchases } from '../../db/schema.js';
import { emitEvents } from '../../kernel/events.js';
import { jobsQueued } from '../../kernel/jobs.js';

/**
 * A company's invoices on account (issue 30, decision 045): the purchases it bought on account
 * (decision 044), each with what is left to pay (`purchases.amount_due`, lowered only here and by
 * credit notes, in the transaction that appends their ledger entry) and its due date. "Today" is
 * the database's UTC day, the day due dates are written in.
 */

export const today = sql`(now() at time zone 'UTC')::date`;
export const invoicesOf = (companyId: string) =>
  and(
    eq(purchases.companyId, companyId),
    ne(purchases.paymentTerms, 'card'),
    isNotNull(purchases.invoiceNumber),
  );
const STATUS_WHERE: Record<InvoiceStatus, SQL> = {
  open: sql`${purchases.amountDue} > 0 and ${purchases.dueDate} >= ${today}`,
  overdue: sql`${purchases.amountDue} > 0 and ${purchases.dueDate} < ${today}`,
  paid: sql`${purchases.amountDue} = 0`,
};

/** An invoice's columns, as the invoice list and the `invoice.overdue` event read them. */
const invoiceColumns = {
  id: purchases.id,
  invoiceNumber: purchases.invoiceNumber,
  purchaseNumber: purchases.number,
  poNumber: purchases.poNumber,
  issuedAt: purchases.invoicedAt,
  dueDate: purchases.dueDate,
  paymentTerms: purchases.paymentTerms,
  amountDue: purchases.amountDue,
  paidAt: purchases.invoicePaidAt,
  // Qualified by hand: in a select list drizzle names a column without its table, and
  // inside the subquery "id" would be the line's.
  total: sql<number>`(select coalesce(sum(${lineChargeSql}), 0)::bigint from ${orders}
    where ${orders.purchaseId} = ${purchases}.id)`.mapWith(Number),
  daysOverdue: sql<number>`greatest(${today} - ${purchases.dueDate}, 0)`.mapWith(Number),
};

interface InvoiceRow {
  id: string;
  invoiceNumber: string | null;
  purchaseNumber: string;
  poNumber: string | null;
  issuedAt: Date | null;
  dueDate: string | null;
  paymentTerms: PaymentTerms;
  amountDue: number;
  paidAt: Date | null;
  total: number;
  daysOverdue: number;
}

function toInvoice(row: InvoiceRow): AccountInvoice {
  const overdue = row.amountDue > 0 && row.daysOverdue > 0;
  return {
    _id: row.id,
    invoiceNumber: row.invoiceNumber ?? '',
    purchaseNumber: row.purchaseNumber,
    poNumber: row.poNumber,
    issuedAt: row.issuedAt?.toISOString() ?? '',
    dueDate: row.dueDate ?? '',
    paymentTerms: row.paymentTerms,
    total: fromCents(row.total),
    amountDue: fromCents(row.amountDue),
    daysOverdue: overdue ? row.daysOverdue : 0,
    status: row.amountDue === 0 ? 'paid' : overdue ? 'overdue' : 'open',
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** GET /companies/{id}/invoices: a page of one status (open and overdue oldest due first). */
export async function listInvoices(
  db: Db,
  companyId: string,
  { status, page, limit }: InvoiceQuery,
): Promise<AccountInvoicePage> {
  const where = and(invoicesOf(companyId), status ? STATUS_WHERE[status] : undefined);
  const order =
    status === 'open' || status === 'overdue'
      ? [asc(purchases.dueDate), asc(purchases.seq)]
      : [desc(purchases.seq)];
  const [rows, [total]] = await Promise.all([
    db
      .select(invoiceColumns)
      .from(purchases)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(purchases).where(where),
  ]);
  return {
    items: rows.map(toInvoice),
    total: total?.value ?? 0,
    page,
    limit,
  };
}

/** Cents the company's invoices past their due date still ask for. */
export async function overdueCents(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({
      cents: sql<number>`coalesce(sum(${purchases.amountDue}), 0)::bigint`.mapWith(Number),
    })
    .from(purchases)
    .where(and(eq(purchases.companyId, companyId), STATUS_WHERE.overdue));
  return row?.cents ?? 0;
}

/** An invoice a payment went to: how much, and what it still asks after. */
export interface Allocation {
  invoiceId: string;
  invoiceNumber: string;
  amount: number;
  amountDueAfter: number;
}

/**
 * Gives `cents` of payment entry `entryId` to the company's invoices: those named (`invoiceIds`,
 * null for every open one), oldest due first, each taking what it still asks until the payment
 * runs out. Locks the invoices (after the company's row, which the caller holds); answers where
 * the money went and what no invoice took, or null when a named invoice is not the company's.
 */
export async function allotPayment(
  tx: Tx,
  companyId: string,
  entryId: string,
  cents: number,
  invoiceIds: string[] | null,
): Promise<{ allocations: Allocation[]; unallocated: number } | null> {
  const invoices = await tx
    .select({
      id: purchases.id,
      invoiceNumber: purchases.invoiceNumber,
      amountDue: purchases.amountDue,
    })
    .from(purchases)
    .where(
      and(
        invoicesOf(companyId),
        invoiceIds ? inArray(purchases.id, invoiceIds) : gt(purchases.amountDue, 0),
      ),
    )
    .orderBy(asc(purchases.dueDate), asc(purchases.seq))
    .for('update');
  if (invoiceIds && invoices.length !== invoiceIds.length) return null;
  const allocations: Allocation[] = [];
  let left = cents;
  for (const invoice of invoices) {
    const amount = Math.min(left, invoice.amountDue);
    if (amount <= 0) continue;
    const amountDueAfter = invoice.amountDue - amount;
    await tx
      .update(purchases)
      .set({
        amountDue: amountDueAfter,
        ...(amountDueAfter === 0 ? { invoicePaidAt: sql`now()` } : {}),
      })
      .where(eq(purchases.id, invoice.id));
    allocations.push({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber ?? '',
      amount,
      amountDueAfter,
    });
    left -= amount;
    if (left === 0) break;
  }
  if (allocations.length > 0) {
    await tx
      .insert(paymentAllocations)
      .values(allocations.map((a) => ({ entryId, purchaseId: a.invoiceId, amount: a.amount })));
  }
  return { allocations, unallocated: left };
}

/** The invoice that holds a company's account: the oldest more than the hold's days late. */
export interface OverdueHold {
  invoiceNumber: string;
  daysOverdue: number;
}

/**
 * The companies among `companyIds` with an invoice more than `days` past its due date
 * (OVERDUE_HOLD_DAYS, issue 30), each with its oldest such invoice: they buy by card only until
 * it is paid. Read from the open invoices' index; nothing is stored, so paying lifts it at once.
 */
export async function overdueHolds(
  db: Db,
  companyIds: string[],
  days: number,
): Promise<Map<string, OverdueHold>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([purchases.companyId], {
      companyId: purchases.companyId,
      invoiceNumber: purchases.invoiceNumber,
      daysOverdue: sql<number>`${today} - ${purchases.dueDate}`.mapWith(Number),
    })
    .from(purchases)
    .where(
      and(
        inArray(purchases.companyId, companyIds),
        gt(purchases.amountDue, 0),
        sql`${purchases.dueDate} < ${today} - ${days}::int`,
      ),
    )
    .orderBy(purchases.companyId, asc(purchases.dueDate), asc(purchases.seq));
  return new Map(
    rows.map((row) => [
      row.companyId ?? '',
      { invoiceNumber: row.invoiceNumber ?? '', daysOverdue: row.daysOverdue },
    ]),
  );
}

/** Invoices the overdue sweep tells of at most at once; the next sweep takes the rest. */
const OVERDUE_SWEEP_MAX = 500;

/**
 * `invoice.overdue` (issue 32): each invoice on account that has passed its due date unpaid is
 * told of once, to its company's subscriptions and the admins'. The order sweeper runs this on
 * every instance: an invoice is marked in the transaction that writes its event, so whichever
 * instance marks it first tells it, and the others find it marked.
 */
export async function tellOverdueInvoices(db: Db): Promise<number> {
  const told = await db.transaction(async (tx) => {
    const due = tx
      .select({ id: purchases.id })
      .from(purchases)
      .where(
        and(
          STATUS_WHERE.overdue,
          ne(purchases.paymentTerms, 'card'),
          isNotNull(purchases.invoiceNumber),
          isNull(purchases.overdueToldAt),
        ),
      )
      .limit(OVERDUE_SWEEP_MAX)
      .for('update', { skipLocked: true });
    const marked = await tx
      .update(purchases)
      .set({ overdueToldAt: sql`now()` })
      .where(and(inArray(purchases.id, due), isNull(purchases.overdueToldAt)))
      .returning({ id: purchases.id });
    if (marked.length === 0) return 0;
    const rows = await tx
      .select({ ...invoiceColumns, companyId: purchases.companyId })
      .from(purchases)
      .where(
        inArray(
          purchases.id,
          marked.map((row) => row.id),
        ),
      );
    await emitEvents(
      tx,
      rows.map((row) => ({
        type: 'invoice.overdue' as const,
        companyId: row.companyId,
        orderKey: row.id,
        data: { ...toInvoice(row), companyId: row.companyId },
      })),
    );
    return marked.length;
  });
  if (told > 0) jobsQueued(db);
  return told;
}
