import { companyMessages, type CompanyRole } from '@shop/shared';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { authUsers, companies, companyMembers } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';

/** A signed-in person's place in a company. */
export interface Membership {
  companyId: string;
  email: string;
  role: CompanyRole;
  spendingLimit: number | null;
}

/** Whether an account with this address exists and its address is verified. */
export async function isVerified(db: Db | Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: authUsers.emailVerified })
    .from(authUsers)
    .where(eq(authUsers.email, email));
  return row?.verified ?? false;
}

/**
 * The company the user belongs to, or null: only a place they accepted (`status` active, their
 * account). An invitation gives nothing: no contract prices, no company purchases, no spend shown
 * to the company, until the invitee says yes (PUT /invitations/{companyId}/accept).
 */
export async function membershipOf(
  db: Db | Tx,
  user: Pick<SignedInUser, 'id' | 'email'>,
): Promise<Membership | null> {
  const [row] = await db
    .select({
      companyId: companyMembers.companyId,
      email: companyMembers.email,
      role: companyMembers.role,
      spendingLimit: companyMembers.spendingLimit,
    })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.email, user.email),
        eq(companyMembers.status, 'active'),
        eq(companyMembers.userId, user.id),
      ),
    );
  if (!row) return null;
  return { ...row, role: row.role as CompanyRole };
}

/** Whether someone's place is one they accepted: the condition every membership query adds. */
export const isActive = eq(companyMembers.status, 'active');

/**
 * Refuses (409) removing the account `email` while it is the last active owner of its company:
 * a company always keeps an owner (DESIGN section 9). Runs in the removal's transaction, with
 * the company's row locked so an owner stepping down at the same moment waits.
 */
export async function refuseLastOwnerRemoval(tx: Tx, email: string): Promise<void> {
  const [mine] = await tx
    .select({ companyId: companyMembers.companyId, role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.email, email), isActive));
  if (mine?.role !== 'owner') return;
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, mine.companyId))
    // As lockCompany: not blocking a purchase's key-share lock on the company (decision 024).
    .for('no key update');
  const [owners] = await tx
    .select({ value: count() })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, mine.companyId),
        eq(companyMembers.role, 'owner'),
        isActive,
        ne(companyMembers.email, email),
      ),
    );
  if ((owners?.value ?? 0) === 0) {
    throw new HttpError(409, companyMessages.ownsCompany(company?.name ?? 'a company'));
  }
}

/**
 * Whose keys or webhooks the caller manages (issue 32): an admin the shop's own (`companyId`
 * null), a company's owner the company's; 403 with `messages` for anyone else.
 */
export async function ownerOrShop(
  db: Db | Tx,
  user: SignedInUser,
  messages: { noCompany: string; notOwner: string },
): Promise<{ companyId: string | null }> {
  if (user.isAdmin) return { companyId: null };
  const membership = await membershipOf(db, user);
  if (!membership) throw new HttpError(403, messages.noCompany);
  if (membership.role !== 'owner') throw new HttpError(403, messages.notOwner);
  return { companyId: membership.companyId };
}
