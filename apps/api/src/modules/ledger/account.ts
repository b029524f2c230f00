import {
  companyMessages,
  fromCents,
  fromCentsOrNull,
  type Account,
  type PageQuery,
} from '@shop/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, ledgerEntries } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { overdueCents } from './invoices.js';
import { availableCredit } from './ledger.js';

/**
 * GET /companies/{id}/account (who may read it is the caller's business): the company's limit,
 * balance and available credit, and one page of its ledger, newest first (by `seq`, the order the
 * row lock appended them in), from the (company_id, seq) index. In dollars.
 */
export async function readAccount(
  db: Db,
  companyId: string,
  { page, limit }: PageQuery,
): Promise<Account> {
  const [company] = await db
    .select({ creditLimit: companies.creditLimit, balance: companies.balance })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound(companyMessages.notFound);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        at: ledgerEntries.at,
        kind: ledgerEntries.kind,
        amount: ledgerEntries.amount,
        reference: ledgerEntries.reference,
        balanceAfter: ledgerEntries.balanceAfter,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.companyId, companyId))
      .orderBy(desc(ledgerEntries.seq))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(ledgerEntries).where(eq(ledgerEntries.companyId, companyId)),
  ]);
  const overdue = await overdueCents(db, companyId);
  const available = availableCredit(company);
  return {
    creditLimit: fromCentsOrNull(company.creditLimit),
    balance: fromCents(company.balance),
    available: fromCentsOrNull(available),
    overdue: fromCents(overdue),
    entries: rows.map((row) => ({
      at: row.at.toISOString(),
      kind: row.kind,
      amount: fromCents(row.amount),
      reference: row.reference,
      balanceAfter: fromCents(row.balanceAfter),
    })),
    total: total?.value ?? 0,
    page,
    limit,
  };
}
