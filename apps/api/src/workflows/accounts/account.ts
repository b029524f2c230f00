import type { Account, PageQuery } from '@shop/shared';
import type { Db } from '../../db/client.js';
import type { SignedInUser } from '../../kernel/people.js';
import { accountReader } from '../../modules/companies/service.js';
import { readAccount } from '../../modules/ledger/account.js';

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
