import { createHash } from 'node:crypto';
import { accountMessages, fromCents, type PaymentRecorded, purchaseMessages } from '@shop/shared';
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { invoicePayments, ledgerEntries, paymentAllocations, purchases } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import { accountReader } from '../../modules/companies/service.js';
import { allotPayment } from '../../modules/ledger/invoices.js';
import { appendEntry } from '../../modules/ledger/ledger.js';
import type { PaymentContext } from '../../modules/orders/context.js';
import { paymentMessages } from '../../modules/orders/messages.js';
import { amountProblem } from '../../modules/orders/settle.js';
import { INTENT_ID, type GatewayIntent } from '../../payments/gateway.js';
import { lockAccounts } from '../buying/account.js';
import { tellSettledInvoices } from './paid-events.js';
import { jobsQueued } from '../../kernel/jobs.js';

/**
 * Paying invoices on account by card (issue 30 item 5, docs/decisions/047): the buyer's company
 * pays one or several open invoices in one card payment. The amount is what the invoices still
 * ask, read from the database, never from the browser. The payment is booked the way a bank
 * transfer is (workflows/accounts/payments.ts): one ledger entry, allotted to the invoices it
 * was made for; if a bank transfer paid one of them meanwhile, what no invoice takes stays on the
 * account as credit. The browser (PUT /companies/{id}/invoices/pay) and Stripe's webhook may
 * both report the payment, in any order and any number of times: it is booked once.
 */

type PaymentRow = typeof invoicePayments.$inferSelect;

/** The invoices and what each asks: the same set asked again finds the same payment. */
const fingerprintOf = (invoices: { id: string; amountDue: number }[]) =>
  createHash('sha256')
    .update(invoices.map((invoice) => `${invoice.id}:${invoice.amountDue}`).join(','))
    .digest('hex')
    .slice(0, 32);

/** The named invoices on account, oldest due first; 404 when one is not an invoice at all. */
async function invoicesNamed(ctx: PaymentContext, invoiceIds: string[]) {
  const rows = await ctx.db
    .select({
      id: purchases.id,
      companyId: purchases.companyId,
      invoiceNumber: purchases.invoiceNumber,
      amountDue: purchases.amountDue,
    })
    .from(purchases)
    .where(
      and(
        inArray(purchases.id, invoiceIds),
        ne(purchases.paymentTerms, 'card'),
        isNotNull(purchases.invoiceNumber),
      ),
    )
    .orderBy(asc(purchases.dueDate), asc(purchases.seq));
  if (rows.length !== invoiceIds.length) throw notFound(accountMessages.invoiceNotFound);
  return rows;
}

/** The company's open card payment: at most one (invoice_payments_open_idx). */
async function openPaymentOf(ctx: PaymentContext, companyId: string) {
  const [open] = await ctx.db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.companyId, companyId),
        isNull(invoicePayments.entryId),
        isNull(invoicePayments.closedAt),
      ),
    );
  return open;
}

/**
 * Closes the company's open card payment before another is made, so an invoice is never open to
 * two: its intent cancelled, the row marked closed. One whose money arrived after all is booked
 * instead (answers true: what the invoices ask has changed); one the gateway is still processing
 * cannot be replaced yet (409).
 */
async function closePayment(ctx: PaymentContext, payment: PaymentRow): Promise<boolean> {
  // Closed first: no intent can be linked to it after this, and the one linked by then (the
  // row as it is now, not as it was read) is the one to cancel.
  const [closed] = await ctx.db
    .update(invoicePayments)
    .set({ closedAt: sql`now()` })
    .where(
      and(
        eq(invoicePayments.id, payment.id),
        isNull(invoicePayments.entryId),
        isNull(invoicePayments.closedAt),
      ),
    )
    .returning({ intentId: invoicePayments.intentId });
  if (!closed?.intentId) return false;
  const intent = await ctx.gateway.cancel(closed.intentId);
  if (intent.status === 'succeeded') {
    await settleInvoiceIntent(ctx, intent);
    return true;
  }
  if (intent.status !== 'canceled') throw new HttpError(409, accountMessages.paymentInProgress);
  return false;
}

/**
 * The intent of an open card payment: made (or, for the same row and amount, found again: the
 * gateway's idempotency key) and linked to the row while it is still open. A row a newer payment
 * closed meanwhile gets no intent: the buyer is told the invoices changed.
 */
async function linkIntent(ctx: PaymentContext, row: PaymentRow): Promise<{ clientSecret: string }> {
  const created = await ctx.gateway.createIntent({
    id: row.id,
    price: row.amount,
    pays: 'invoices',
  });
  const [linked] = await ctx.db
    .update(invoicePayments)
    .set({ intentId: created.id })
    .where(
      and(
        eq(invoicePayments.id, row.id),
        or(isNull(invoicePayments.intentId), eq(invoicePayments.intentId, created.id)),
        isNull(invoicePayments.closedAt),
      ),
    )
    .returning({ id: invoicePayments.id });
  if (linked) return { clientSecret: created.clientSecret };
  await ctx.gateway.cancel(created.id);
  throw new HttpError(409, purchaseMessages.changed);
}

/**
 * POST /create-payment-intent with `invoiceIds`: the client secret of one card payment for what
 * the named invoices of one company still ask. Asking again for the same invoices, while they
 * ask the same, answers the same payment; asking for others closes it first.
 */
export async function createInvoicesIntent(
  ctx: PaymentContext,
  user: SignedInUser,
  invoiceIds: string[],
): Promise<{ clientSecret: string }> {
  const invoices = await invoicesNamed(ctx, invoiceIds);
  const companyIds = new Set(invoices.map((invoice) => invoice.companyId));
  const [companyId] = companyIds;
  if (!companyId || companyIds.size > 1) throw new HttpError(400, accountMessages.oneCompany);
  await accountReader(ctx.db, user, companyId);
  const paid = invoices.find((invoice) => invoice.amountDue <= 0);
  if (paid) throw new HttpError(409, accountMessages.invoicePaid(paid.invoiceNumber ?? ''));

  const fingerprint = fingerprintOf(invoices);
  const amount = invoices.reduce((sum, invoice) => sum + invoice.amountDue, 0);
  // Twice at most: a concurrent request may open a payment between the look and the insert.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const open = await openPaymentOf(ctx, companyId);
    if (open?.fingerprint === fingerprint) {
      // The same invoices asking the same: the same payment, unless its intent is done with.
      if (!open.intentId) return linkIntent(ctx, open);
      const intent = await ctx.gateway.retrieve(open.intentId);
      if (intent?.status === 'succeeded') {
        await settleInvoiceIntent(ctx, intent);
        throw new HttpError(409, paymentMessages.alreadyPaid);
      }
      if (intent && intent.status !== 'canceled' && intent.clientSecret) {
        return { clientSecret: intent.clientSecret };
      }
    }
    // A payment found already taken is booked first; the invoices are then read again.
    if (open && (await closePayment(ctx, open))) return createInvoicesIntent(ctx, user, invoiceIds);
    // The row first (the intent's metadata names it); the unique index keeps it the only open one.
    const [row] = await ctx.db
      .insert(invoicePayments)
      .values({
        companyId,
        invoiceIds: invoices.map((invoice) => invoice.id),
        amount,
        fingerprint,
        createdBy: user.email,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return linkIntent(ctx, row);
  }
  throw new HttpError(409, accountMessages.paymentInProgress);
}

/** The ledger's answer for a booked payment: the entry and where its money went. */
async function bookedAnswer(ctx: PaymentContext, payment: PaymentRow): Promise<PaymentRecorded> {
  const [entry] = payment.entryId
    ? await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, payment.entryId))
    : [];
  if (!entry) throw new Error(`Invoice payment ${payment.id} has no ledger entry.`);
  const allocations = await ctx.db
    .select({
      invoiceId: paymentAllocations.purchaseId,
      invoiceNumber: purchases.invoiceNumber,
      amount: paymentAllocations.amount,
      amountDueAfter: purchases.amountDue,
    })
    .from(paymentAllocations)
    .innerJoin(purchases, eq(purchases.id, paymentAllocations.purchaseId))
    .where(eq(paymentAllocations.entryId, entry.id))
    .orderBy(asc(paymentAllocations.seq));
  const allotted = allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
  return {
    _id: entry.id,
    amount: fromCents(-entry.amount),
    reference: entry.reference,
    receivedOn: entry.receivedOn ?? '',
    allocations: allocations.map((allocation) => ({
      invoiceId: allocation.invoiceId,
      invoiceNumber: allocation.invoiceNumber ?? '',
      amount: fromCents(allocation.amount),
      // What it asks now: a later payment may have lowered it further.
      amountDueAfter: fromCents(allocation.amountDueAfter),
    })),
    unallocated: fromCents(-entry.amount - allotted),
    balance: fromCents(entry.balanceAfter),
  };
}

export type InvoiceSettlement =
  { outcome: 'paid'; payment: PaymentRow } | { outcome: 'refunded' | 'ignored'; reason: string };

/**
 * A succeeded intent of an invoice payment, as the gateway reports it: books it once (the
 * company's row locked, then the payment's, so a second report waits and finds it booked), or
 * gives the money back when it pays nothing the shop knows of, or not the amount it was for.
 */
export async function settleInvoiceIntent(
  ctx: PaymentContext,
  intent: GatewayIntent,
): Promise<InvoiceSettlement> {
  if (intent.status !== 'succeeded') return { outcome: 'ignored', reason: 'not succeeded' };
  if (!intent.invoicePaymentId) return { outcome: 'ignored', reason: 'no invoice payment' };
  const [payment] = await ctx.db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.id, intent.invoicePaymentId));
  const mismatch =
    !payment || payment.intentId !== intent.id || amountProblem(payment.amount, intent);
  if (mismatch) {
    await ctx.gateway.refund(intent.id);
    ctx.log.warn(
      { intentId: intent.id, invoicePaymentId: intent.invoicePaymentId, amount: intent.amount },
      'refunded a card payment that pays no invoices',
    );
    return { outcome: 'refunded', reason: 'mismatch' };
  }
  const booked = await ctx.db.transaction(async (tx) => {
    await lockAccounts(tx, [payment.companyId]);
    const [current] = await tx
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.id, payment.id))
      .for('update');
    if (!current || current.entryId) return current;
    // The shop books it (no admin recorded it), on the UTC day invoices fall due in.
    const entry = await appendEntry(tx, {
      companyId: payment.companyId,
      kind: 'payment',
      amount: -payment.amount,
      reference: intent.id,
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    // Named invoices cannot leave the company, so the allotment always finds them.
    const allotted = await allotPayment(
      tx,
      payment.companyId,
      entry.id,
      payment.amount,
      payment.invoiceIds,
    );
    await tellSettledInvoices(tx, payment.companyId, allotted?.allocations ?? []);
    const [updated] = await tx
      .update(invoicePayments)
      .set({ entryId: entry.id })
      .where(eq(invoicePayments.id, payment.id))
      .returning();
    return updated;
  });
  if (!booked) throw new Error(`Invoice payment ${payment.id} vanished while it was booked.`);
  jobsQueued(ctx.db);
  const testPayment = ctx.gateway.kind === 'sandbox' || !intent.livemode;
  ctx.log.info(
    { invoicePaymentId: payment.id, intentId: intent.id, testPayment },
    'invoices paid by card',
  );
  return { outcome: 'paid', payment: booked };
}

/**
 * PUT /companies/{id}/invoices/pay `{ transactionId }`: books the card payment once the gateway
 * says it succeeded, and answers it as a bank transfer is answered. Asked again, the same answer.
 */
export async function recordInvoicePayment(
  ctx: PaymentContext,
  user: SignedInUser,
  companyId: string,
  transactionId: string,
): Promise<PaymentRecorded> {
  await accountReader(ctx.db, user, companyId);
  const intent = INTENT_ID.test(transactionId) ? await ctx.gateway.retrieve(transactionId) : null;
  if (!intent) throw new HttpError(400, paymentMessages.unknownPayment);
  const [payment] = intent.invoicePaymentId
    ? await ctx.db
        .select()
        .from(invoicePayments)
        .where(eq(invoicePayments.id, intent.invoicePaymentId))
    : [];
  if (!payment || payment.companyId !== companyId || payment.intentId !== intent.id) {
    throw new HttpError(400, accountMessages.notCardPayment);
  }
  if (intent.status !== 'succeeded') {
    throw new HttpError(409, paymentMessages.notSucceeded(intent.status));
  }
  const settlement = await settleInvoiceIntent(ctx, intent);
  if (settlement.outcome !== 'paid') throw new HttpError(409, paymentMessages.wrongAmount);
  return bookedAnswer(ctx, settlement.payment);
}
