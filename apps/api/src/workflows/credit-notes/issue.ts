import {
  creditFor,
  creditNoteMessages,
  NOTHING_CREDITED,
  type Credited,
  fromCents,
  purchaseMessages,
  type CreditNote,
  type CreditNoteBody,
  type CreditNoteRefundStatus,
} from '@shop/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  creditNoteCounters,
  creditNotes,
  orders,
  purchases,
  type CreditNoteLineRow,
} from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordAudit } from '../../kernel/audit.js';
import type { SignedInUser } from '../../kernel/people.js';
import { enqueueEmail } from '../../mail/jobs.js';
import type { PaymentContext } from '../../modules/orders/context.js';
import {
  findPurchase,
  lockPurchase,
  purchaseLines,
  type PurchaseRow,
} from '../../modules/orders/purchase-store.js';
import type { PaymentGateway } from '../../payments/gateway.js';
import { createSandboxGateway } from '../../payments/sandbox.js';
import { returnStock } from '../../stock/stock.js';
import { appendEntry } from '../../modules/ledger/ledger.js';
import { lockAccounts } from '../buying/account.js';
import { jobsQueued } from '../../kernel/jobs.js';

/*
 * Credit notes (issue 29 item 5, docs/decisions/039). Issuing one is one transaction: the
 * purchase is locked (so two notes at once on one line go one after the other and the second
 * sees the first), what is left of each line is checked, the amounts are computed from the
 * stored lines, the number is taken from credit_note_counters, and the note, its email, the
 * stock given back and the audit record are written. The card refund runs after the commit: a
 * gateway that fails cannot take a number back (the numbers stay gapless), the note is kept with
 * refund_status `failed` and the admin is told by the answer and the purchase page.
 */

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** CN-2026-00042: the year and at least five digits. */
export const formatCreditNoteNumber = (year: number, n: number) =>
  `CN-${year}-${String(n).padStart(5, '0')}`;

/** The next number of this year; the upsert holds the year's row until the transaction ends. */
async function nextCreditNoteNumber(tx: Db): Promise<string> {
  const [row] = await tx
    .insert(creditNoteCounters)
    .values({ year: sql`extract(year from now())::int`, last: 1 })
    .onConflictDoUpdate({
      target: creditNoteCounters.year,
      set: { last: sql`${creditNoteCounters.last} + 1` },
    })
    .returning();
  if (!row) throw new Error('The database returned no credit note counter.');
  return formatCreditNoteNumber(row.year, row.last);
}

/** What the notes so far credited of each line, by order id. */
export function creditedByLine(notes: Pick<CreditNoteRow, 'lines'>[]): Map<string, Credited> {
  const credited = new Map<string, Credited>();
  for (const note of notes) {
    for (const line of note.lines) {
      const before = credited.get(line.orderId) ?? NOTHING_CREDITED;
      credited.set(line.orderId, {
        quantity: before.quantity + line.quantity,
        net: before.net + line.net,
        shipping: before.shipping + line.shipping,
        tax: before.tax + line.tax,
      });
    }
  }
  return credited;
}

export const notesOf = (db: Db, purchaseId: string) =>
  db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.purchaseId, purchaseId))
    .orderBy(asc(creditNotes.seq));

export function toCreditNote(row: CreditNoteRow, purchase: PurchaseRow): CreditNote {
  return {
    _id: row.id,
    number: row.number,
    purchaseId: row.purchaseId,
    purchaseNumber: purchase.number,
    invoiceNumber: purchase.invoiceNumber ?? '',
    reason: row.reason,
    lines: row.lines.map((line) => ({
      orderId: line.orderId,
      productName: line.productName,
      quantity: line.quantity,
      unitPrice: fromCents(line.unitPrice),
      net: fromCents(line.net),
      shipping: fromCents(line.shipping),
      tax: fromCents(line.tax),
    })),
    subtotal: fromCents(row.subtotal),
    shipping: fromCents(row.shipping),
    tax: fromCents(row.tax),
    total: fromCents(row.total),
    currency: purchase.currency,
    refundStatus: (row.refundStatus ?? 'none') as CreditNoteRefundStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface CreditNoteContext extends PaymentContext {
  /** The sandbox, for test-mode payments taken before the shop switched to Stripe. */
  sandbox?: PaymentGateway;
}

/** POST /purchase/{id}/credit-notes (admin). */
export async function issueCreditNote(
  ctx: CreditNoteContext,
  admin: SignedInUser,
  purchaseId: string,
  body: CreditNoteBody,
): Promise<CreditNote> {
  const withShipping = body.shipping ?? false;
  const restock = body.restock ?? false;
  const issued = await ctx.db.transaction(async (tx) => {
    // On account, the company's row first, then the purchase's: the order every flow that
    // writes a company's ledger and its invoices takes (decision 044).
    const [unlocked] = await tx
      .select({ companyId: purchases.companyId, paymentTerms: purchases.paymentTerms })
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    const accountOf = unlocked && unlocked.paymentTerms !== 'card' ? unlocked.companyId : null;
    if (accountOf) await lockAccounts(tx, [accountOf]);
    const purchase = await lockPurchase(tx, purchaseId);
    if (!purchase) throw notFound(purchaseMessages.notFound);
    if (!purchase.invoiceNumber) throw new HttpError(409, creditNoteMessages.notInvoiced);
    const lines = new Map((await purchaseLines(tx, [purchase.id])).map((l) => [l.id, l]));
    const credited = creditedByLine(await notesOf(tx, purchase.id));

    const noteLines: CreditNoteLineRow[] = [];
    for (const asked of body.lines) {
      const line = lines.get(asked.orderId);
      if (!line) throw new HttpError(400, creditNoteMessages.notInPurchase);
      if (!line.paid) throw new HttpError(409, creditNoteMessages.notInvoiced);
      const before = credited.get(line.id) ?? NOTHING_CREDITED;
      const left = line.quantity - before.quantity;
      const quantity = asked.quantity ?? left;
      if (left <= 0 || quantity > left) {
        throw new HttpError(409, creditNoteMessages.tooMany(line.productName, left));
      }
      noteLines.push({
        orderId: line.id,
        productName: line.productName,
        quantity,
        unitPrice: line.unitPrice,
        ...creditFor(line, before, quantity, withShipping),
      });
    }
    const subtotal = noteLines.reduce((sum, line) => sum + line.net, 0);
    const shipping = noteLines.reduce((sum, line) => sum + line.shipping, 0);
    const tax = noteLines.reduce((sum, line) => sum + line.tax, 0);
    const total = subtotal + shipping + tax;
    const byCard = noteLines.some(
      (line) => lines.get(line.orderId)?.transactionId && line.net + line.shipping + line.tax > 0,
    );

    const [note] = await tx
      .insert(creditNotes)
      .values({
        number: await nextCreditNoteNumber(tx),
        purchaseId: purchase.id,
        reason: body.reason,
        lines: noteLines,
        subtotal,
        shipping,
        tax,
        total,
        refundStatus: byCard ? 'pending' : 'none',
        createdBy: admin.email,
      })
      .returning();
    if (!note) throw new Error('The database returned no credit note.');
    // On account nothing was paid by card: the note lowers what the invoice asks and the
    // company's balance instead (a credit beyond what is due stays on the account).
    if (accountOf && total > 0) {
      await appendEntry(tx, {
        companyId: accountOf,
        kind: 'credit_note',
        amount: -total,
        reference: note.number,
        purchaseId: purchase.id,
        createdBy: admin.email,
      });
      await tx
        .update(purchases)
        .set({ amountDue: sql`greatest(${purchases.amountDue} - ${total}, 0)` })
        .where(eq(purchases.id, purchase.id));
    }

    if (restock) {
      for (const noteLine of noteLines) {
        const productId = lines.get(noteLine.orderId)?.productId;
        if (productId) await returnStock(tx, productId, noteLine.quantity);
      }
    }
    await enqueueEmail(tx, {
      kind: 'credit-note',
      to: purchase.email,
      payload: { purchaseId: purchase.id, creditNoteId: note.id },
    });
    await recordAudit(tx, {
      actor: { id: admin.id, email: admin.email },
      action: 'purchase.credit',
      targetType: 'purchase',
      targetId: purchase.id,
      targetLabel: purchase.number,
      details: {
        creditNote: note.number,
        invoiceNumber: purchase.invoiceNumber,
        // Dollars, as the audit log shows every amount.
        total: fromCents(total),
        reason: body.reason,
        shipping: withShipping,
        restock,
        lines: noteLines.map(({ productName, quantity }) => ({ productName, quantity })),
      },
    });
    return { note, purchase };
  });
  jobsQueued(ctx.db);
  const note = await refundCreditNote(ctx, issued.note);
  return toCreditNote(note, issued.purchase);
}

/** `pi_a=re_b,pi_c=re_d`: the intents already refunded for a note, and their refunds. */
const parseRefunds = (refundId: string | null) =>
  new Map(
    (refundId ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
const formatRefunds = (done: Map<string, string>) =>
  [...done].map(([intent, refund]) => `${intent}=${refund}`).join(',') || null;

/**
 * Refunds the note's amount to the intents that paid its lines, one refund per intent, each with
 * a key of the note and the intent (Stripe answers a retried key with the first refund), and
 * records the outcome. Intents refunded already for this note are skipped, so a retry after a
 * failure finishes the rest.
 */
export async function refundCreditNote(
  ctx: CreditNoteContext,
  note: CreditNoteRow,
): Promise<CreditNoteRow> {
  if (note.refundStatus !== 'pending' && note.refundStatus !== 'failed') return note;
  const orderIds = note.lines.map((line) => line.orderId);
  const paidBy = await ctx.db
    .select({
      id: orders.id,
      transactionId: orders.transactionId,
      testPayment: orders.testPayment,
    })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  const intentOf = new Map(paidBy.map((row) => [row.id, row]));
  const amounts = new Map<string, { amount: number; testPayment: boolean }>();
  for (const line of note.lines) {
    const paid = intentOf.get(line.orderId);
    const amount = line.net + line.shipping + line.tax;
    if (!paid?.transactionId || amount === 0) continue;
    const sum = amounts.get(paid.transactionId);
    amounts.set(paid.transactionId, {
      amount: (sum?.amount ?? 0) + amount,
      testPayment: (sum?.testPayment ?? false) || paid.testPayment,
    });
  }

  const done = parseRefunds(note.refundId);
  let status: CreditNoteRefundStatus = 'refunded';
  for (const [intentId, { amount, testPayment }] of amounts) {
    if (done.has(intentId)) continue;
    try {
      const gateway = await gatewayFor(ctx, intentId, testPayment);
      const refund = await gateway.refund(intentId, {
        amount,
        key: `credit-note-${note.id}-${intentId}`,
      });
      done.set(intentId, refund ?? 'refunded');
    } catch (error) {
      status = 'failed';
      ctx.log.error(
        { err: error, creditNote: note.number, intentId, amount },
        'the refund of a credit note failed: the admin retries it',
      );
    }
  }
  const [updated] = await ctx.db
    .update(creditNotes)
    .set({ refundStatus: status, refundId: formatRefunds(done) })
    .where(eq(creditNotes.id, note.id))
    .returning();
  return updated ?? note;
}

/**
 * The gateway that took the payment: the shop's own, or the sandbox for a test payment the
 * sandbox took (a shop that moved to Stripe still refunds its sandbox payments there).
 */
async function gatewayFor(
  ctx: CreditNoteContext,
  intentId: string,
  testPayment: boolean,
): Promise<PaymentGateway> {
  if (ctx.gateway.kind === 'sandbox' || !testPayment) return ctx.gateway;
  const sandbox = ctx.sandbox ?? createSandboxGateway(ctx.db);
  return (await sandbox.retrieve(intentId)) ? sandbox : ctx.gateway;
}

/** A credit note with its purchase, or 404. */
export async function findCreditNote(db: Db, id: string) {
  const [note] = await db.select().from(creditNotes).where(eq(creditNotes.id, id));
  const purchase = note ? await findPurchase(db, note.purchaseId) : null;
  if (!note || !purchase) throw notFound(creditNoteMessages.notFound);
  return { note, purchase };
}

/** Retries the refund of a credit note whose refund failed (the purchase page's button). */
export async function retryRefund(ctx: CreditNoteContext, id: string): Promise<CreditNote> {
  const { note, purchase } = await findCreditNote(ctx.db, id);
  // Taken as one conditional statement: two retries at once refund once.
  const [claimed] = await ctx.db
    .update(creditNotes)
    .set({ refundStatus: 'pending' })
    .where(and(eq(creditNotes.id, note.id), eq(creditNotes.refundStatus, 'failed')))
    .returning();
  if (!claimed) return toCreditNote(note, purchase);
  return toCreditNote(await refundCreditNote(ctx, claimed), purchase);
}
