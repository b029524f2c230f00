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

/** Adds the entry to what the company owes, then writes it with the balance it leaves. */
async function insertEntry(tx: Tx, entry: NewLedgerEntry, balanceAfter: number) {
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      companyId: entry.companyId,
      kind: entry.kind,
      amount: entry.amount,
      balanceAfter,
      reference: entry.reference,
      purchaseId: entry.purchaseId ?? null,
      reason: entry.reason ?? null,
      createdBy: entry.createdBy ?? null,
      receivedOn: entry.receivedOn ?? null,
    })
    .returning({ id: ledgerEntries.id });
  if (!row) throw new Error('The database returned no ledger entry.');
  return { id: row.id, balanceAfter };
}

/**
 * Appends one entry to the company's ledger, in the caller's transaction: the balance moves by
 * `amount` (the UPDATE locks the company's row until the transaction ends) and the entry is
 * written with the balance it leaves. No credit check: a payment, a credit note or an
 * adjustment is recorded whatever the terms; an invoice on account goes through chargeCredit.
 */
export async function appendEntry(tx: Tx, entry: NewLedgerEntry): Promise<AppendedEntry> {
  const [company] = await tx
    .update(companies)
    .set({ balance: sql`${companies.balance} + ${entry.amount}` })
    .where(eq(companies.id, entry.companyId))
    .returning({ balance: companies.balance });
  if (!company) throw new Error(`No company ${entry.companyId} to append a ledger entry to.`);
  return insertEntry(tx, entry, company.balance);
}

/** Why a charge on account was refused. */
export type CreditRefusal = 'card_terms' | 'on_hold' | 'over_limit';

export type CreditCharge =
  | { charged: true; entry: AppendedEntry }
  | {
      charged: false;
      reason: CreditRefusal;
      /** Cents the company may still buy for on account: its limit less its balance (below 0 when over it); null with no limit. */
      available: number | null;
    };

/**
 * Charges an invoice of `amountCents` (above 0) to the company's account, if its terms allow:
 * one conditional UPDATE, so the check and the charge are one step under concurrency on
 * PostgreSQL and across instances (the row lock makes a second charge re-read the balance the
 * first left). Charged, the invoice entry is appended with the balance it leaves; refused,
 * nothing changes and the answer says why and how much is available (the caller answers 409
 * with it). Call it in the transaction that confirms the purchase, with the invoice's number.
 */
export async function chargeCredit(
  tx: Tx,
  companyId: string,
  amountCents: number,
  invoice: Pick<NewLedgerEntry, 'reference' | 'purchaseId' | 'createdBy'>,
): Promise<CreditCharge> {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new RangeError(`A charge on account is a positive number of cents: ${amountCents}.`);
  const [charged] = await tx
    .update(companies)
    .set({ balance: sql`${companies.balance} + ${amountCents}` })
    .where(
      and(
        eq(companies.id, companyId),
        not(companies.onHold),
        ne(companies.paymentTerms, 'card'),
        or(
          isNull(companies.creditLimit),
          sql`${companies.balance} + ${amountCents} <= ${companies.creditLimit}`,
        ),
      ),
    )
    .returning({ balance: companies.balance });
  if (charged) {
    const entry = await insertEntry(
      tx,
      { ...invoice, companyId, kind: 'invoice', amount: amountCents },
      charged.balance,
    );
    return { charged: true, entry };
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
