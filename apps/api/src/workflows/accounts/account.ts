import { accountMessages, type Account, type PageQuery, type Spending } from '@shop/shared';
import type { Db } from '../../db/client.js';
import type { SignedInUser } from '../../kernel/people.js';
import { accountReader } from '../../modules/companies/service.js';
import { mySpending } from '../../modules/companies/spending.js';
import { readAccount } from '../../modules/ledger/account.js';
import { overdueHolds } from '../../modules/ledger/invoices.js';

/**
 * GET /companies/{id}/account (issue 30): who may read it is the companies module's rule (the
 * admin, the company's owners and approvers), what it holds the ledger's.
 */
export async function companyAccount(
  db: Db,
  user: SignedInUser,
  companyId: string,
  query: PageQuery,
): Promise<Account> {
  await accountReader(db, user, companyId);
  return readAccount(db, companyId, query);
}

/**
 * GET /company/spending: the caller's limit and month's spend (the companies module), and
 * whether the company's account is held, by the admin or by an invoice more than
 * OVERDUE_HOLD_DAYS late, with the words the checkout shows (issue 30 item 7).
 */
export async function spendingWithHold(
  db: Db,
  user: SignedInUser,
  overdueHoldDays: number,
): Promise<Spending> {
  const spending = await mySpending(db, user);
  if (!spending.companyId || spending.onHold || spending.paymentTerms === 'card') return spending;
  const hold = (await overdueHolds(db, [spending.companyId], overdueHoldDays)).get(
    spending.companyId,
  );
  if (!hold) return spending;
  return {
    ...spending,
    onHold: true,
    holdReason: accountMessages.overdueHold(hold.invoiceNumber, hold.daysOverdue),
  };
}
