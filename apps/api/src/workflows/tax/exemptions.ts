import { taxMessages, type PageQuery, type taxExemptionInputSchema } from '@shop/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import { memberOf, requireCompany } from '../../modules/companies/service.js';
import { addExemption, companyExemptions } from '../../modules/tax/exemptions.js';

/*
 * A company's exemption certificates: who may is the companies module's rule (membership and
 * role), what is kept is the tax module's (DESIGN section 9; docs/decisions/028).
 */

/** POST /companies/{id}/tax-exemptions: the company's owners send them. */
export async function sendExemption(
  db: Db,
  user: SignedInUser,
  companyId: string,
  input: z.output<typeof taxExemptionInputSchema>,
  today: string,
) {
  const membership = await memberOf(db, user, companyId);
  if (membership.role !== 'owner') throw new HttpError(403, taxMessages.ownersOnly);
  return addExemption(db, companyId, input, today);
}

/** GET /companies/{id}/tax-exemptions: owners and approvers (who see what the company pays), admins. */
export async function readExemptions(
  db: Db,
  user: SignedInUser,
  companyId: string,
  query: PageQuery,
) {
  if (user.isAdmin) await requireCompany(db, companyId);
  else {
    const membership = await memberOf(db, user, companyId);
    if (membership.role === 'buyer') throw new HttpError(403, taxMessages.ownersOnly);
  }
  return companyExemptions(db, companyId, query);
}
