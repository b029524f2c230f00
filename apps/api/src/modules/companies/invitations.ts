import { companyMessages, type Company, type Deleted, type Invitation } from '@shop/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companies, companyMembers } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import { isActive, isVerified } from './membership.js';
import { companyAnswer, lockCompany } from './service.js';

/**
 * Invitations (DESIGN section 9, issue 27): nobody joins a company without saying yes. The
 * owner's PUT /companies/{id}/members/{email} leaves a row `status` invited; only the person
 * signed in with that address, verified, accepts or declines it here.
 */

/** GET /invitations: the caller's invitations waiting, oldest first. */
export async function listInvitations(db: Db, user: SignedInUser): Promise<Invitation[]> {
  const rows = await db
    .select({
      companyId: companyMembers.companyId,
      companyName: companies.name,
      role: companyMembers.role,
      invitedBy: companyMembers.invitedBy,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.email, user.email), eq(companyMembers.status, 'invited')))
    .orderBy(asc(companyMembers.createdAt), asc(companies.name));
  return rows.map((row) => ({
    ...row,
    role: row.role as Invitation['role'],
    invitedBy: row.invitedBy ?? '',
  }));
}

const invitationTo = (companyId: string, email: string) =>
  and(
    eq(companyMembers.companyId, companyId),
    eq(companyMembers.email, email),
    eq(companyMembers.status, 'invited'),
  );

/** Only the invitee, signed in with the invited address verified, answers an invitation. */
async function requireVerified(db: Db, user: SignedInUser) {
  if (!(await isVerified(db, user.email))) throw new HttpError(403, companyMessages.verifyFirst);
}

/** A unique index refused the row: here, a second active place for one email. */
const isUniqueViolation = (error: unknown): boolean => {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * PUT /invitations/{companyId}/accept: the caller joins the company with the role and limit of
 * the invitation; 409 while they belong to a company (they leave it first). The caller's rows
 * are locked first, so two acceptances at once (of two companies) go one after the other and
 * the second finds the first.
 */
export async function acceptInvitation(
  db: Db,
  user: SignedInUser,
  companyId: string,
): Promise<Company> {
  await requireVerified(db, user);
  try {
    return await db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      await lockPlacesOf(tx, user.email);
      const [active] = await tx
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(and(eq(companyMembers.email, user.email), isActive));
      const [invitation] = await tx
        .select({ email: companyMembers.email })
        .from(companyMembers)
        .where(invitationTo(companyId, user.email));
      if (!invitation) throw notFound(companyMessages.noInvitation);
      if (active) throw new HttpError(409, companyMessages.leaveFirst);
      await tx
        .update(companyMembers)
        .set({ status: 'active', userId: user.id })
        .where(invitationTo(companyId, user.email));
      return companyAnswer(tx, companyId, user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, companyMessages.leaveFirst);
    throw error;
  }
}

async function lockPlacesOf(tx: Tx, email: string) {
  await tx
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.email, email))
    .orderBy(asc(companyMembers.companyId))
    .for('update');
}

/** PUT /invitations/{companyId}/decline: the invitation is removed; the company sees it gone. */
export async function declineInvitation(
  db: Db,
  user: SignedInUser,
  companyId: string,
): Promise<Deleted> {
  await requireVerified(db, user);
  const removed = await db
    .delete(companyMembers)
    .where(invitationTo(companyId, user.email))
    .returning({ email: companyMembers.email });
  if (removed.length === 0) throw notFound(companyMessages.noInvitation);
  return { acknowledged: true, deletedCount: 1 };
}
