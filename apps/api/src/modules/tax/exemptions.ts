import {
  taxMessages,
  type ApprovedExemption,
  type ExemptionStatus,
  type PageQuery,
  type TaxExemption,
  type TaxExemptionPage,
  type taxExemptionInputSchema,
  type taxExemptionReviewSchema,
} from '@shop/shared';
import { and, asc, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { companies, taxExemptions } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../../kernel/audit.js';

/*
 * Sales tax exemption certificates (DESIGN section 9): a company's owner sends one per state,
 * an admin approves or refuses it, and an approved one exempts until its `expires_on`. Who may
 * send or read a company's certificates is the company's rule: workflows/tax checks it first.
 */

const columns = {
  _id: taxExemptions.id,
  companyId: taxExemptions.companyId,
  companyName: companies.name,
  region: taxExemptions.region,
  certificateNumber: taxExemptions.certificateNumber,
  expiresOn: taxExemptions.expiresOn,
  file: taxExemptions.file,
  status: taxExemptions.status,
  reviewedBy: taxExemptions.reviewedBy,
  reviewedAt: taxExemptions.reviewedAt,
  reason: taxExemptions.reason,
  createdAt: taxExemptions.createdAt,
};

const select = (db: Db) =>
  db
    .select(columns)
    .from(taxExemptions)
    .innerJoin(companies, eq(companies.id, taxExemptions.companyId));

type Row = Awaited<ReturnType<typeof select>>[number];

const answer = (row: Row): TaxExemption => ({
  ...row,
  // The column is text with a CHECK of these three words.
  status: row.status as ExemptionStatus,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

async function exemptionById(db: Db, id: string): Promise<TaxExemption> {
  const [row] = await select(db).where(eq(taxExemptions.id, id));
  if (!row) throw notFound(taxMessages.exemptionNotFound);
  return answer(row);
}

/** Records a company's certificate, pending review. `today` is the shop's date. */
export async function addExemption(
  db: Db,
  companyId: string,
  input: z.output<typeof taxExemptionInputSchema>,
  today: string,
): Promise<TaxExemption> {
  if (input.expiresOn < today) throw new HttpError(400, taxMessages.expired);
  const [row] = await db
    .insert(taxExemptions)
    .values({ companyId, ...input })
    .returning({ id: taxExemptions.id });
  return exemptionById(db, row!.id);
}

async function page(db: Db, where: SQL | undefined, query: PageQuery, oldestFirst: boolean) {
  const rows = await select(db)
    .where(where)
    .orderBy(oldestFirst ? asc(taxExemptions.seq) : desc(taxExemptions.seq))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ value: count() }).from(taxExemptions).where(where);
  return {
    items: rows.map(answer),
    total: total?.value ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** A company's certificates, newest first. */
export const companyExemptions = (
  db: Db,
  companyId: string,
  query: PageQuery,
): Promise<TaxExemptionPage> => page(db, eq(taxExemptions.companyId, companyId), query, false);

/** GET /admin/tax-exemptions: every company's, oldest first (the review queue's order). */
export const allExemptions = (
  db: Db,
  query: PageQuery & { status?: ExemptionStatus | undefined },
): Promise<TaxExemptionPage> =>
  page(db, query.status ? eq(taxExemptions.status, query.status) : undefined, query, true);

/** PUT /admin/tax-exemptions/{id}: approves or refuses a pending certificate, once (409 after). */
export async function reviewExemption(
  db: Db,
  actor: AuditActor,
  id: string,
  review: z.output<typeof taxExemptionReviewSchema>,
): Promise<TaxExemption> {
  const reason = review.status === 'refused' ? review.reason : null;
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(taxExemptions)
      .set({ status: review.status, reason, reviewedBy: actor.email, reviewedAt: new Date() })
      .where(and(eq(taxExemptions.id, id), eq(taxExemptions.status, 'pending')))
      .returning();
    if (!updated) {
      const [exists] = await tx
        .select({ id: taxExemptions.id })
        .from(taxExemptions)
        .where(eq(taxExemptions.id, id));
      throw exists
        ? new HttpError(409, taxMessages.decided)
        : notFound(taxMessages.exemptionNotFound);
    }
    await recordAudit(tx, {
      actor,
      action: 'tax.exemption',
      targetType: 'company',
      targetId: updated.companyId,
      targetLabel: `${updated.region} certificate ${updated.certificateNumber}`,
      details: {
        status: review.status,
        region: updated.region,
        certificateNumber: updated.certificateNumber,
        expiresOn: updated.expiresOn,
        reason,
      },
    });
  });
  return exemptionById(db, id);
}

/**
 * The company's certificates that exempt on `on` (YYYY-MM-DD): approved and not expired. The
 * purchase workflow hands them to the tax engine as `exemptions`.
 */
export async function activeExemptions(
  db: Db,
  companyId: string,
  on: string,
): Promise<ApprovedExemption[]> {
  return db
    .select({ region: taxExemptions.region, expiresOn: taxExemptions.expiresOn })
    .from(taxExemptions)
    .where(
      and(
        eq(taxExemptions.companyId, companyId),
        eq(taxExemptions.status, 'approved'),
        gte(taxExemptions.expiresOn, on),
      ),
    );
}
