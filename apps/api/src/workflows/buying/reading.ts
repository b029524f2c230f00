import { purchaseMessages, type PageQuery, type Purchase } from '@shop/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import { membershipOf } from '../../modules/companies/membership.js';
import { memberOf, requireCompany } from '../../modules/companies/service.js';
import {
  companyPurchasePage,
  ownPurchase,
  withLines,
  type PurchasePage,
} from '../../modules/orders/purchase-reading.js';
import { findPurchase, type PurchaseRow } from '../../modules/orders/purchase-store.js';
import { withBuyerSpending } from './approvals.js';

/*
 * Reading purchases as a company member: who may see a purchase depends on the company (its
 * owners and approvers follow every member's), so it reads both modules.
 */

/**
 * GET /purchase/{id}: the owner, an admin, or an owner or approver of the company the purchase
 * was made for (they approve and follow the company's purchases).
 */
export async function readPurchase(db: Db, user: SignedInUser, id: string): Promise<Purchase> {
  const found = await findPurchase(db, id);
  let row: PurchaseRow;
  let overseen: string | null = null;
  if (found?.companyId && found.userId !== user.id && !user.isAdmin) {
    const membership = await membershipOf(db, user);
    const overseer = membership?.companyId === found.companyId && membership.role !== 'buyer';
    row = overseer ? found : ownPurchase(found, user);
    if (overseer) overseen = found.companyId;
  } else row = ownPurchase(found, user, { allowAdmin: true });
  const answers = await withLines(db, [row]);
  // An owner or approver reading a purchase of their company sees what they decide by.
  const [purchase] = overseen ? await withBuyerSpending(db, overseen, [row], answers) : answers;
  if (!purchase) throw notFound(purchaseMessages.notFound);
  return purchase;
}

/**
 * GET /companies/{id}/purchases: owners, approvers and admins see every member's; a buyer their
 * own. Newest first, a page at a time.
 */
export async function companyPurchases(
  db: Db,
  user: SignedInUser,
  id: string,
  paging: PageQuery,
): Promise<PurchasePage> {
  let mineOnly = false;
  if (!user.isAdmin) {
    const membership = await memberOf(db, user, id);
    mineOnly = membership.role === 'buyer';
  } else await requireCompany(db, id);
  return companyPurchasePage(db, id, mineOnly ? user.id : null, paging);
}
