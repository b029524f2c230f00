import { TERMS_DAYS, type PaymentTerms } from '@shop/shared';
import { rowsOf } from '../../db/rows.js';
import { lineChargeSql } from '../../db/line-charge.js';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoiceCounters, orders, purchases } from '../../db/schema.js';
import { emitEvents } from '../../kernel/events.js';
import { notePurchase } from '../../kernel/traces.js';
import { enqueueEmail } from '../../mail/jobs.js';
import { settledEventsOf } from './purchase-events.js';

/**
 * Purchase rows and the statements that keep them in step with their lines. Every change to a
 * purchase's lines (paying, cancelling, expiring) first locks the purchase row, so two changes
 * of one purchase go one after the other and the last one sees the purchase as it ends up:
 * exactly one of them gives the invoice number, and exactly one sends the receipt.
 */

export type { PurchaseRow } from './rows.js';
import type { OrderRow, PurchaseRow } from './rows.js';

/** The purchase of `id`; a request that reads one is about it (its trace names it, decision 059). */
export async function findPurchase(db: Db, id: string): Promise<PurchaseRow | null> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  if (row) notePurchase(row.number);
  return row ?? null;
}

/** How to read a purchase and its lines as they are now in the caller's transaction. */
const readNow = (tx: Db, id: string) => async (): Promise<[PurchaseRow | null, OrderRow[]]> => [
  await findPurchase(tx, id),
  await purchaseLines(tx, [id]),
];

/** The purchase's lines in the order they were placed. */
export async function purchaseLines(db: Db, purchaseIds: string[]) {
  if (purchaseIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.purchaseId, purchaseIds))
    .orderBy(asc(orders.seq));
}

/**
 * Locks the purchase row of order `orderId` (FOR UPDATE) and answers its id, or null when the
 * order is gone. Called first in every transaction that changes a line.
 */
export async function lockPurchaseOfOrder(tx: Db, orderId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      eq(
        purchases.id,
        sql`(select ${orders.purchaseId} from ${orders} where ${orders.id} = ${orderId})`,
      ),
    )
    .for('update');
  return row?.id ?? null;
}

export async function lockPurchase(tx: Db, id: string): Promise<PurchaseRow | null> {
  const [row] = await tx.select().from(purchases).where(eq(purchases.id, id)).for('update');
  if (row) notePurchase(row.number);
  return row ?? null;
}

/** INV-2026-00042: the year and at least five digits. */
export const formatInvoiceNumber = (year: number, n: number) =>
  `INV-${year}-${String(n).padStart(5, '0')}`;

/**
 * The next `count` invoice numbers of this year, in order. The upsert locks the year's counter
 * row until the transaction ends: concurrent payments take numbers one after another, and a
 * payment that rolls back gives its numbers back, so a year's numbers have no gaps.
 */
async function nextInvoiceNumbers(tx: Db, count: number): Promise<string[]> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year: sql`extract(year from now())::int`, last: count })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { last: sql`${invoiceCounters.last} + ${count}` },
    })
    .returning();
  if (!row) throw new Error('The database returned no invoice counter.');
  const first = row.last - count + 1;
  return Array.from({ length: count }, (_, index) => formatInvoiceNumber(row.year, first + index));
}

/** An invoice on account just issued: what the caller charges to the company's ledger. */
export interface AccountInvoice {
  purchaseId: string;
  companyId: string;
  invoiceNumber: string;
  /** Cents: the purchase's total, with shipping and tax. */
  amount: number;
}

/**
 * After a line of a locked purchase changed: a purchase left without lines is kept as cancelled; one
 * whose lines are now all paid gets its invoice number (once) and its receipt email. A purchase
 * confirmed on account (its lines confirmed as it was placed, decision 044) is invoiced with the
 * due date its terms give and what is due, and mailed its invoice instead of a receipt; the
 * answer then names the invoice, for the caller to charge the company's account with it in the
 * same transaction.
 */
export async function settlePurchase(
  tx: Db,
  purchaseId: string,
  { tell = true }: { tell?: boolean } = {},
): Promise<AccountInvoice | null> {
  const [lines] = await tx
    .select({
      all: count(),
      unpaid: sql<number>`count(*) filter (where ${orders.paid} = false)`.mapWith(Number),
      unpaidTotal:
        sql<number>`coalesce(sum(${lineChargeSql}) filter (where ${orders.paid} = false), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(eq(orders.purchaseId, purchaseId));
  if (lines && lines.unpaid > 0 && lines.unpaidTotal === 0) {
    // What is left to pay costs nothing (a $0 contract price line, its paid lines cancelled): no
    // card can pay $0, so those lines are paid as they are, and the purchase confirmed below.
    await tx
      .update(orders)
      .set({ paid: true, paidAt: sql`now()`, holdExpiresAt: null })
      .where(and(eq(orders.purchaseId, purchaseId), eq(orders.paid, false)));
    lines.unpaid = 0;
  }
  if (!lines || lines.all === 0) {
    // Kept, so the buyer's history and the company's still show it (DESIGN section 9).
    await tx
      .update(purchases)
      .set({ closedAs: 'cancelled', closedAt: sql`now()` })
      .where(and(eq(purchases.id, purchaseId), isNull(purchases.closedAs)));
    return null;
  }
  if (lines.unpaid > 0) return null;
  const [purchase] = await tx
    .select({
      invoiceNumber: purchases.invoiceNumber,
      email: purchases.email,
      paymentTerms: purchases.paymentTerms,
      companyId: purchases.companyId,
      total: sql<number>`(select coalesce(sum(${lineChargeSql}), 0)::bigint from ${orders}
        where ${orders.purchaseId} = ${purchaseId})`.mapWith(Number),
    })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  if (!purchase || purchase.invoiceNumber) return null;
  // On account: due when its terms say, from the database's day; a free one is simply paid.
  if (purchase.paymentTerms !== 'card' && purchase.companyId && purchase.total > 0) {
    const [invoice] = await invoiceOnAccount(tx, [
      {
        purchaseId,
        companyId: purchase.companyId,
        email: purchase.email,
        paymentTerms: purchase.paymentTerms,
        amount: purchase.total,
      },
    ]);
    if (tell)
      await emitEvents(
        tx,
        settledEventsOf({ id: purchaseId, ...purchase }, false, readNow(tx, purchaseId)),
      );
    return invoice!;
  }
  const [invoiceNumber] = await nextInvoiceNumbers(tx, 1);
  await tx
    .update(purchases)
    .set({ invoiceNumber, invoicedAt: sql`now()` })
    .where(eq(purchases.id, purchaseId));
  await enqueueEmail(tx, { kind: 'payment-receipt', to: purchase.email, payload: { purchaseId } });
  if (tell)
    await emitEvents(
      tx,
      settledEventsOf({ id: purchaseId, ...purchase }, true, readNow(tx, purchaseId)),
    );
  return null;
}

/** A purchase confirmed on account, all its lines confirmed, to be invoiced. */
export interface ToInvoice {
  purchaseId: string;
  companyId: string;
  email: string;
  paymentTerms: Exclude<PaymentTerms, 'card'>;
  /** Cents: what its lines cost with shipping and tax (above 0). */
  amount: number;
}

/**
 * Invoices purchases confirmed on account, in one statement per step however many there are (a
 * buying batch places up to MAX_BATCH at once, docs/decisions/051): their invoice numbers, in the
 * order given; each one's number, due date (its terms' days from the database's day) and amount
 * due; their invoice emails. Each must not be invoiced yet (one that is would leave its reserved
 * number unused, a gap: it throws, and the transaction rolls back). Answers the invoices, for the
 * caller to charge to the companies' ledgers in the same transaction.
 */
export async function invoiceOnAccount(tx: Db, toInvoice: ToInvoice[]): Promise<AccountInvoice[]> {
  if (toInvoice.length === 0) return [];
  const numbers = await nextInvoiceNumbers(tx, toInvoice.length);
  const invoiced = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update ${purchases} set
        ${sql.identifier(purchases.invoiceNumber.name)} = v.number,
        ${sql.identifier(purchases.invoicedAt.name)} = now(),
        ${sql.identifier(purchases.dueDate.name)} = (now() at time zone 'UTC')::date + v.days,
        ${sql.identifier(purchases.amountDue.name)} = v.amount
      from unnest(
        ${sql.param(toInvoice.map((entry) => entry.purchaseId))}::uuid[],
        ${sql.param(numbers)}::text[],
        ${sql.param(toInvoice.map((entry) => TERMS_DAYS[entry.paymentTerms]))}::int[],
        ${sql.param(toInvoice.map((entry) => entry.amount))}::bigint[]
      ) as v(id, number, days, amount)
      where ${purchases.id} = v.id and ${purchases.invoiceNumber} is null
      returning ${purchases.id}`),
  );
  if (invoiced.length !== toInvoice.length) {
    throw new Error('A purchase to invoice on account was invoiced already.');
  }
  await enqueueEmail(
    tx,
    toInvoice.map((entry) => ({
      kind: 'account-invoice' as const,
      to: entry.email,
      payload: { purchaseId: entry.purchaseId },
    })),
  );
  return toInvoice.map((entry, index) => ({
    purchaseId: entry.purchaseId,
    companyId: entry.companyId,
    invoiceNumber: numbers[index]!,
    amount: entry.amount,
  }));
}
