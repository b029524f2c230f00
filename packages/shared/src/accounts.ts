import { z } from 'zod';
import { idSchema, moneyAnswerSchema } from './answers.js';
import { apiErrorSchema } from './common.js';
import { formatCents } from './money.js';
import { dollarsSchema } from './money-schema.js';
import { PAYMENT_METHODS, PAYMENT_TERMS } from './payment-terms.js';
import { addDays, calendarDateSchema, daysBetween } from './dates.js';
import { isOneLine, isSafeText } from './fields.js';
import { pageOf, pageQuerySchema } from './paging.js';

/** The longest period one statement of account covers: a year, leap day included. */
export const STATEMENT_DAYS_MAX = 366;

/**
 * Paying on account (issue 30, DESIGN section 9, docs/decisions/043): the admin gives a company
 * payment terms, a credit limit and a credit hold; what the company owes is the sum of its
 * ledger, an append-only list of signed entries (invoice +, payment and credit note -).
 */

/**
 * 409 of a purchase on account above the company's credit (checkout, Buy Now, approval): what it
 * may still buy for on account, in dollars (never below 0), so the page can offer the card.
 */
export const creditRefusedSchema = apiErrorSchema.extend({ available: moneyAnswerSchema });
export type CreditRefused = z.infer<typeof creditRefusedSchema>;

export const LEDGER_KINDS = ['invoice', 'payment', 'credit_note', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const ledgerKindLabels: Record<LedgerKind, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit_note: 'Credit note',
  adjustment: 'Adjustment',
};

export const accountMessages = {
  paymentTerms: 'The payment terms are card, net15, net30, net45 or net60.',
  creditLimit:
    'The credit limit is an amount of dollars with at most two decimals (for example 50000), or null for no limit.',
  onHold: 'onHold is true (no new purchases on account) or false.',
  readers: "Only the company's owners and approvers may see its account.",
  paymentMethod: 'The payment method is card or account.',
  invoiceStatus: 'The status is open, overdue or paid.',
  paymentAmount: 'The amount is dollars above 0 with at most two decimals (for example 12500.50).',
  paymentReference: "Please give the transfer's reference (1 to 100 characters, one line).",
  invoiceIds: 'Please name at most 100 invoices by their ids, each once.',
  payInvoiceIds: 'Please name the invoices to pay (1 to 50) by their ids, each once.',
  oneCompany: 'One card payment pays the invoices of one company: please pay them apart.',
  invoiceNotFound: 'We could not find one of these invoices.',
  /** `number`: the invoice number. */
  invoicePaid: (number: string) => `Invoice ${number} is paid already.`,
  notCardPayment: 'This payment is not a card payment of this company’s invoices.',
  paymentInProgress:
    'A card payment of your company’s invoices is being made right now: please wait a moment and try again.',
  receivablesFilter:
    'The filter is overdue (companies with an invoice past its due date) or left out.',
  statementPeriod: `A statement covers at most ${STATEMENT_DAYS_MAX} days, from a date to the same or a later one.`,
  notCompanyInvoice: "Some of these invoices are not this company's invoices on account.",
  notMember:
    'Paying on account is for the members of a company with payment terms: please pay by card.',
  cardTerms:
    'Your company pays by card: the shop has not set up payment terms for it. Please pay by card.',
  held: "Your company's account is on hold: no new purchases on account until it is settled. Please pay by card.",
  /** The oldest invoice past OVERDUE_HOLD_DAYS and how many days late it is. */
  overdueHold: (invoiceNumber: string, days: number) =>
    `Your company's account is on hold: invoice ${invoiceNumber} is ${days} days overdue. Please pay by card; buying on account resumes once it is paid.`,
  /** `available` in cents (at least 0). */
  overLimit: (available: number) =>
    `This purchase is above your company's available credit of ${formatCents(available)}: please pay by card, or ask your company to pay its open invoices first.`,
} as const;

/** Checkout's and Buy Now's `paymentMethod`: card when left out. */
export const paymentMethodSchema = z
  .enum(PAYMENT_METHODS, { error: accountMessages.paymentMethod })
  .optional();

/**
 * Body of PUT /admin/companies/{id}/terms: all three, every time, so a client that leaves one out
 * is told so instead of lifting a hold or a limit without meaning to. `creditLimit` null is no
 * limit (account purchases unlimited), as the admin chooses.
 */
export const termsInputSchema = z.object({
  paymentTerms: z.enum(PAYMENT_TERMS, { error: accountMessages.paymentTerms }),
  creditLimit: dollarsSchema(accountMessages.creditLimit).nullable(),
  onHold: z.boolean({ error: accountMessages.onHold }),
});
export type TermsInput = z.input<typeof termsInputSchema>;

/**
 * A company's terms as the admin and its owners and approvers read them on the company's answer
 * (a plain buyer's answer has none of them). `balance` is what it owes now.
 */
export const companyTermsSchema = z.object({
  paymentTerms: z.enum(PAYMENT_TERMS),
  creditLimit: z.nullable(moneyAnswerSchema),
  onHold: z.boolean(),
  balance: moneyAnswerSchema,
});
export type CompanyTerms = z.infer<typeof companyTermsSchema>;

/** One entry of a company's ledger, in dollars: `amount` signed, `balanceAfter` the running sum. */
export const ledgerEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: moneyAnswerSchema,
  reference: z.string(),
  balanceAfter: moneyAnswerSchema,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /companies/{id}/account?page=&limit=: the entries a page at a time, newest first. */
export const accountQuerySchema = pageQuerySchema;

/**
 * Answer of GET /companies/{id}/account. `available` is `creditLimit - balance` (null with no
 * limit; below 0 when the limit was lowered under what the company owes); `overdue` the amount of
 * its invoices past their due date. `entries` is one page of the ledger, newest first, with
 * `total`, `page` and `limit` as every paged list has them.
 */
export const accountSchema = z.object({
  creditLimit: z.nullable(moneyAnswerSchema),
  balance: moneyAnswerSchema,
  available: z.nullable(moneyAnswerSchema),
  overdue: moneyAnswerSchema,
  entries: z.array(ledgerEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;

/** An invoice on account: open (something due, not yet past its date), overdue, or paid. */
export const INVOICE_STATUSES = ['open', 'overdue', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** GET /companies/{id}/invoices?status=&page=&limit=: one status, or every invoice on account. */
export const invoiceQuerySchema = pageQuerySchema.extend({
  status: z.enum(INVOICE_STATUSES, { error: accountMessages.invoiceStatus }).optional(),
});
export type InvoiceQuery = z.output<typeof invoiceQuerySchema>;

/**
 * A company's invoice on account (a purchase bought on account, decision 044). `_id` is the
 * purchase's; `amountDue` what is left to pay; `daysOverdue` 0 until the day after `dueDate`.
 */
export const accountInvoiceSchema = z.object({
  _id: idSchema,
  invoiceNumber: z.string(),
  purchaseNumber: z.string(),
  poNumber: z.string().nullable(),
  issuedAt: z.string(),
  dueDate: z.string(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  total: moneyAnswerSchema,
  amountDue: moneyAnswerSchema,
  daysOverdue: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  /** When a payment left nothing due; null while something is. */
  paidAt: z.string().nullable(),
});
export type AccountInvoice = z.infer<typeof accountInvoiceSchema>;
export const accountInvoicePageSchema = pageOf(accountInvoiceSchema);
export type AccountInvoicePage = z.infer<typeof accountInvoicePageSchema>;

/** Invoices named by their ids (purchase ids): one to `max`, each once. */
const invoiceIdsSchema = (max: number, message: string) =>
  z
    .array(idSchema, { error: message })
    .min(1, message)
    .max(max, message)
    .refine((ids) => new Set(ids).size === ids.length, message);

/**
 * Body of POST /admin/companies/{id}/payments: a bank transfer the shop received. Allotted to
 * the oldest open invoices first, or to `invoiceIds` (purchase ids) in their due order; what no
 * invoice takes stays on the account as credit.
 */
export const bankPaymentSchema = z.object({
  amount: dollarsSchema(accountMessages.paymentAmount).refine(
    (dollars) => dollars > 0,
    accountMessages.paymentAmount,
  ),
  reference: z
    .string({ error: accountMessages.paymentReference })
    .trim()
    .min(1, accountMessages.paymentReference)
    .max(100, accountMessages.paymentReference)
    .refine((text) => isOneLine(text) && isSafeText(text), accountMessages.paymentReference),
  receivedOn: calendarDateSchema,
  invoiceIds: invoiceIdsSchema(100, accountMessages.invoiceIds).optional(),
});
export type BankPayment = z.input<typeof bankPaymentSchema>;

/**
 * Body of POST /create-payment-intent that pays invoices on account by card: one to 50 of one
 * company's open or overdue invoices (purchase ids), what each still asks, in one payment.
 */
export const payInvoicesSchema = z.object({
  invoiceIds: invoiceIdsSchema(50, accountMessages.payInvoiceIds),
});
export type PayInvoices = z.infer<typeof payInvoicesSchema>;

/** Body of PUT /companies/{id}/invoices/pay: the gateway's payment, once it succeeded. */
export const recordInvoicePaymentSchema = z.object({
  transactionId: z.string({ error: accountMessages.notCardPayment }).min(1).max(255),
});

/**
 * Answer of POST /admin/companies/{id}/payments and PUT /companies/{id}/invoices/pay: the entry,
 * where it went, what is left over. A card payment's `reference` is the gateway's payment id.
 */
export const paymentRecordedSchema = z.object({
  _id: idSchema,
  amount: moneyAnswerSchema,
  reference: z.string(),
  receivedOn: z.string(),
  allocations: z.array(
    z.object({
      invoiceId: idSchema,
      invoiceNumber: z.string(),
      amount: moneyAnswerSchema,
      amountDueAfter: moneyAnswerSchema,
    }),
  ),
  /** Dollars no invoice took: credit on the account. */
  unallocated: moneyAnswerSchema,
  /** The company's balance after it. */
  balance: moneyAnswerSchema,
});
export type PaymentRecorded = z.infer<typeof paymentRecordedSchema>;

/**
 * GET /companies/{id}/statement.pdf?from=&to=: the period, both days included (UTC days, as due
 * dates are). The server takes today for a missing `to` and 89 days before `to` for a missing
 * `from` (90 days in all): `statementPeriod`.
 */
export const statementQuerySchema = z
  .object({
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
  })
  .superRefine((query, ctx) => {
    const { from, to } = statementPeriod(query);
    if (from > to || daysBetween(from, to) >= STATEMENT_DAYS_MAX) {
      ctx.addIssue({ code: 'custom', message: accountMessages.statementPeriod, path: ['to'] });
    }
  });
export type StatementQuery = z.input<typeof statementQuerySchema>;

/** The statement's period with its defaults filled in (`today`: the UTC day). */
export function statementPeriod(
  { from, to }: StatementQuery,
  today = new Date().toISOString().slice(0, 10),
): { from: string; to: string } {
  const last = to ?? today;
  return { from: from ?? addDays(last, -89), to: last };
}

/**
 * What a company's open invoices ask, by how late they are (the statement's and the
 * receivables' aging): not yet due, then 1-30, 31-60, 61-90 and over 90 days past the due date.
 */
export const AGING_BUCKETS = [
  'current',
  'days1to30',
  'days31to60',
  'days61to90',
  'over90',
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const agingLabels: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1-30 days',
  days31to60: '31-60 days',
  days61to90: '61-90 days',
  over90: 'Over 90 days',
};

/** What is owed, by age: each bucket of AGING_BUCKETS in dollars, and `overdue` their late part. */
const agingAnswer = {
  current: moneyAnswerSchema,
  days1to30: moneyAnswerSchema,
  days31to60: moneyAnswerSchema,
  days61to90: moneyAnswerSchema,
  over90: moneyAnswerSchema,
  /** 1-30 to over 90 together. */
  overdue: moneyAnswerSchema,
};

/**
 * GET /admin/receivables?filter=&page=&limit=: the companies that buy on terms or owe anything,
 * those with the most overdue first; `filter=overdue` keeps the ones with something overdue.
 */
export const receivablesQuerySchema = pageQuerySchema.extend({
  filter: z.enum(['overdue'], { error: accountMessages.receivablesFilter }).optional(),
});
export type ReceivablesQuery = z.input<typeof receivablesQuerySchema>;

/**
 * A company's receivable: its terms, what it owes (`balance`, the ledger's sum, less any
 * credit), what its open invoices ask by age, and its oldest open due date.
 */
export const receivableSchema = z.object({
  companyId: idSchema,
  name: z.string(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  creditLimit: z.nullable(moneyAnswerSchema),
  onHold: z.boolean(),
  balance: moneyAnswerSchema,
  ...agingAnswer,
  oldestDueDate: z.string().nullable(),
});
export type Receivable = z.infer<typeof receivableSchema>;

/** Answer of GET /admin/receivables: a page of companies and the totals of every one listed. */
export const receivablesPageSchema = pageOf(receivableSchema).extend({
  totals: z.object({ balance: moneyAnswerSchema, ...agingAnswer }),
});
export type ReceivablesPage = z.infer<typeof receivablesPageSchema>;
