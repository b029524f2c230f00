import { accountMessages, fromCents } from '@shop/shared';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import {
  availableCredit,
  chargeInvoices,
  type CreditRefusal,
} from '../../modules/ledger/ledger.js';
import { overdueHolds, type OverdueHold } from '../../modules/ledger/invoices.js';
import type { AccountInvoice } from '../../modules/orders/purchase-store.js';

/**
 * Paying on account, as the one way to buy does it (issue 30, docs/decisions/044): the buying
 * transaction locks the companies whose members pay on account, judges each purchase against
 * what the purchases before it in the batch left of the credit, and, once the purchase is
 * invoiced, charges the invoice to the ledger with the same conditional update every charge
 * takes (modules/ledger chargeInvoices), which would refuse it even if this judgement were wrong.
 */

/** A company's account as the buying transaction reads it, under the row's lock. */
export interface AccountFacts {
  paymentTerms: (typeof companies.$inferSelect)['paymentTerms'];
  onHold: boolean;
  /** Cents; null: no limit. */
  creditLimit: number | null;
  /** Cents owed now, with the purchases judged before in this transaction. */
  balance: number;
  /** The invoice more than OVERDUE_HOLD_DAYS late that holds the account, if one does. */
  overdueHold: OverdueHold | null;
}

/**
 * Locks the companies' rows (FOR NO KEY UPDATE, in id order: after the buyers' member rows, as
 * dissolving a company locks its members before its row) and reads their terms and balance.
 */
export async function lockAccounts(
  tx: Tx,
  companyIds: string[],
  /** OVERDUE_HOLD_DAYS, when buying: a company with an invoice later than that is held. */
  overdueHoldDays?: number,
): Promise<Map<string, AccountFacts>> {
  const ids = [...new Set(companyIds)].sort();
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: companies.id,
      paymentTerms: companies.paymentTerms,
      onHold: companies.onHold,
      creditLimit: companies.creditLimit,
      balance: companies.balance,
    })
    .from(companies)
    .where(inArray(companies.id, ids))
    .orderBy(companies.id)
    .for('no key update');
  const held =
    overdueHoldDays === undefined ? new Map() : await overdueHolds(tx, ids, overdueHoldDays);
  return new Map(
    rows.map(({ id, ...facts }) => [id, { ...facts, overdueHold: held.get(id) ?? null }]),
  );
}

/** The 409 that refuses a purchase on account, with the credit left (never below 0) in dollars. */
export function creditRefused(reason: CreditRefusal, available: number | null): HttpError {
  if (reason === 'card_terms') return new HttpError(409, accountMessages.cardTerms);
  if (reason === 'on_hold') return new HttpError(409, accountMessages.held);
  const left = Math.max(0, available ?? 0);
  return new HttpError(409, accountMessages.overLimit(left), { available: fromCents(left) });
}

/** Why the company's terms refuse any purchase on account now, or null when they allow one. */
export function termsRefusal(account: AccountFacts | undefined): HttpError | null {
  if (!account || account.paymentTerms === 'card') return creditRefused('card_terms', null);
  if (account.onHold) return creditRefused('on_hold', null);
  if (account.overdueHold) {
    const { invoiceNumber, daysOverdue } = account.overdueHold;
    return new HttpError(409, accountMessages.overdueHold(invoiceNumber, daysOverdue));
  }
  return null;
}

/**
 * Judges a purchase of `cents` against the account and, when it fits, counts it in the balance
 * for the purchases judged after it; answers the refusal otherwise (nothing counted).
 */
export function takeCredit(account: AccountFacts | undefined, cents: number): HttpError | null {
  const refusal = termsRefusal(account);
  if (refusal || !account) return refusal;
  if (account.creditLimit !== null && account.balance + cents > account.creditLimit) {
    return creditRefused('over_limit', availableCredit(account));
  }
  account.balance += cents;
  return null;
}

/**
 * Charges invoices just issued on account to their companies' ledgers, in the transaction that
 * issued them: one charge per company, its invoices in the order given. A refusal here means the
 * judgement above was passed by something it did not see: the error rolls the whole transaction
 * back (and the invoice numbers with it).
 */
export async function chargeInvoicesOnAccount(tx: Tx, invoices: AccountInvoice[]): Promise<void> {
  const byCompany = new Map<string, AccountInvoice[]>();
  for (const invoice of invoices) {
    byCompany.set(invoice.companyId, [...(byCompany.get(invoice.companyId) ?? []), invoice]);
  }
  // The companies' rows were locked in id order when the purchases were judged (lockAccounts).
  for (const [companyId, issued] of byCompany) {
    const charge = await chargeInvoices(
      tx,
      companyId,
      issued.map((invoice) => ({
        amount: invoice.amount,
        reference: invoice.invoiceNumber,
        purchaseId: invoice.purchaseId,
      })),
    );
    if (!charge.charged) throw creditRefused(charge.reason, charge.available);
  }
}
