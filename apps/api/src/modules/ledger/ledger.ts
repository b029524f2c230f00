import type { LedgerKind } from '@shop/shared';
import { and, eq, ne, not, or, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, ledgerEntries } from '../../db/schema.js';

/**
 * A company's ledger (issue 30, docs/decisions/043): the only writer of `ledger_entries` and of
 * `companies.balance`. Every entry moves the balance in the same statement that takes the
 * company's row lock, so concurrent entries of one company go one after another, each entry's
 * `balance_after` is the sum of the entries up to it, and the balance is always the sum of all.
 * Amounts are integer cents (docs/decisions/027), signed: invoice +, payment and credit note -.
 */

export interface NewLedgerEntry {
  companyId: string;
  kind: LedgerKind;
  /** Signed cents: an invoice above 0, a payment or credit note below, an adjustment either. */
  amount: number;
  /** An invoice or credit note number, a bank transfer's reference. */
  reference: string;
  purchaseId?: string | null;
  /** Why, for an adjustment (the database requires one there). */
  reason?: string | null;
  /** The admin who recorded it; none when the shop did. */
  createdBy?: string | null;
  /** A bank transfer's day on the shop's statement (YYYY-MM-DD). */
  receivedOn?: string | null;
}

export interface AppendedEntry {
  id: string;
  /** The company's balance with this entry, in cents. */
  balanceAfter: number;
}

/** Writes entries, each with the balance it leaves, in one statement; answers them in order. */
async function insertEntries(
  tx: Tx,
  entries: (NewLedgerEntry & { balanceAfter: number })[],
): Promise<AppendedEntry[]> {
  const rows = await tx
    .insert(ledgerEntries)
    .values(
      entries.map((entry) => ({
        companyId: entry.companyId,
        kind: entry.kind,
        amount: entry.amount,
        balanceAfter: entry.balanceAfter,
        reference: entry.reference,
        purchaseId: entry.purchaseId ?? null,
        reason: entry.reason ?? null,
        createdBy: entry.createdBy ?? null,
        receivedOn: entry.receivedOn ?? null,
      })),
    )
    .returning({ id: ledgerEntries.id, balanceAfter: ledgerEntries.balanceAfter });
  if (rows.length !== entries.length) throw new Error('The database returned no ledger entry.');
  return rows;
}

/**
 * Appends one entry to the company's ledger, in the caller's transaction: the balance moves by
 * `amount` (the UPDATE locks the company's row until the transaction ends) and the entry is
 * written with the balance it leaves. No credit check: a payment, a credit note or an
 * adjustment is recorded whatever the terms; an invoice on account goes through chargeInvoices.
 */
export async function appendEntry(tx: Tx, entry: NewLedgerEntry): Promise<AppendedEntry> {
  const [company] = await tx
    .update(companies)
    .set({ balance: sql`${companies.balance} + ${entry.amount}` })
    .where(eq(companies.id, entry.companyId))
    .returning({ balance: companies.balance });
  if (!company) throw new Error(`No company ${entry.companyId} to append a ledger entry to.`);
  const [appended] = await insertEntries(tx, [{ ...entry, balanceAfter: company.balance }]);
  return appended!;
}

/** Why a charge on account was refused. */
export type CreditRefusal = 'card_terms' | 'on_hold' | 'over_limit';

export type CreditCharge =
  | { charged: true; entries: AppendedEntry[] }
  | {
      charged: false;
      reason: CreditRefusal;
      /** Cents the company may still buy for on account: its limit less its balance (below 0 when over it); null with no limit. */
      available: number | null;
    };

/** An invoice to charge on account: its amount in cents (above 0) and what its entry names. */
export interface InvoiceCharge extends Pick<
  NewLedgerEntry,
  'reference' | 'purchaseId' | 'createdBy'
> {
  amount: number;
}

/**
 * Charges invoices to the company's account, if its terms allow all of them: one conditional
 * UPDATE of their sum, so the check and the charge are one step under concurrency on PostgreSQL
 * and across instances (the row lock makes a second charge re-read the balance the first left).
 * Charged, their entries are appended in the order given, each with the balance it leaves;
 * refused, nothing changes and the answer says why and how much is available (the caller answers
 * 409 with it). Call it in the transaction that confirms the purchases, with their invoices'
 * numbers.
 */
export async function chargeInvoices(
  tx: Tx,
  companyId: string,
  invoices: InvoiceCharge[],
): Promise<CreditCharge> {
  for (const { amount } of invoices) {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RangeError(`A charge on account is a positive number of cents: ${amount}.`);
  }
  const total = invoices.reduce((sum, invoice) => sum + invoice.amount, 0);
  const [charged] = await tx
    .update(companies)
    .set({ balance: sql`${companies.balance} + ${total}` })
    .where(
      and(
        eq(companies.id, companyId),
        not(companies.onHold),
        ne(companies.paymentTerms, 'card'),
        or(
          isNull(companies.creditLimit),
          sql`${companies.balance} + ${total} <= ${companies.creditLimit}`,
        ),
      ),
    )
    .returning({ balance: companies.balance });
  if (charged) {
    let balance = charged.balance - total;
    const entries = invoices.map((invoice) => {
      balance += invoice.amount;
      return { ...invoice, companyId, kind: 'invoice' as const, balanceAfter: balance };
    });
    return { charged: true, entries: await insertEntries(tx, entries) };
  }
  const [company] = await tx
    .select({
      paymentTerms: companies.paymentTerms,
      onHold: companies.onHold,
      creditLimit: companies.creditLimit,
      balance: companies.balance,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new Error(`No company ${companyId} to charge.`);
  return {
    charged: false,
    reason:
      company.paymentTerms === 'card' ? 'card_terms' : company.onHold ? 'on_hold' : 'over_limit',
    available: availableCredit(company),
  };
}

/** What a company may still buy for on account, in cents: null with no limit. */
export const availableCredit = ({
  creditLimit,
  balance,
}: {
  creditLimit: number | null;
  balance: number;
}) => (creditLimit === null ? null : creditLimit - balance);
