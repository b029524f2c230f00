import { companyMessages, toCents, type Company, type termsInputSchema } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema.js';
import { recordAudit } from '../../kernel/audit.js';
import type { SignedInUser } from '../../kernel/people.js';
import { notFound } from '../../http/errors.js';
import { companyAnswer, termsOf } from './service.js';

/**
 * PUT /admin/companies/{id}/terms (issue 30): the admin sets the company's payment terms, credit
 * limit (dollars in the body, cents in the row; null for none) and hold, audited with what
 * changed. The row is locked (NO KEY UPDATE, as every change of a company is) so a charge on
 * account waits for the new terms and is checked against them. Lowering the limit under what the
 * company owes is allowed: its available credit goes below 0 and account purchases stop.
 */
export async function setTerms(
  db: Db,
  admin: SignedInUser,
  id: string,
  input: z.output<typeof termsInputSchema>,
): Promise<Company> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, id))
      .for('no key update');
    if (!before) throw notFound(companyMessages.notFound);
    const creditLimit = input.creditLimit === null ? null : toCents(input.creditLimit);
    await tx
      .update(companies)
      .set({ paymentTerms: input.paymentTerms, creditLimit, onHold: input.onHold })
      .where(eq(companies.id, id));
    // The audit log keeps dollars, as the admin typed them (docs/decisions/027).
    const from = termsOf(before);
    const to = {
      paymentTerms: input.paymentTerms,
      creditLimit: input.creditLimit,
      onHold: input.onHold,
    };
    const changes = Object.fromEntries(
      (Object.keys(to) as (keyof typeof to)[])
        .filter((field) => from[field] !== to[field])
        .map((field) => [field, { from: from[field], to: to[field] }]),
    );
    await recordAudit(tx, {
      actor: admin,
      action: 'company.terms',
      targetType: 'company',
      targetId: id,
      targetLabel: before.name,
      details: { changes },
    });
    return companyAnswer(tx, id, admin);
  });
}
