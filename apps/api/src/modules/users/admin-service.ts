import type { PageQuery, UserSummary } from '@shop/shared';
import { and, asc, count, desc, eq, ilike, like, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { authUsers, authVerifications, users } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../../kernel/audit.js';
import { adminInForce } from '../../kernel/people.js';
import { normalizeEmail, type SignedInUser } from '../../kernel/people.js';

export const userAdminMessages = {
  unknownUser: 'email: No user with this email.',
  removeSelf: 'You cannot remove your own account: ask another admin to do it.',
  lastAdmin: 'This is the last admin: make another user an admin before removing this one.',
  lastAdminDemote:
    "This is the last admin: make another user an admin before taking this one's admin right away.",
  unverified:
    'This person has not verified their email address yet: an admin right needs a verified address.',
} as const;

const rowColumns = {
  _id: users.id,
  email: users.email,
  name: authUsers.name,
  // The right in force: a grant to an unverified address shows as no admin (decision 010).
  role: adminInForce,
  createdAt: users.createdAt,
};

type RawRow = { _id: string; email: string; name: string | null; role: boolean; createdAt: Date };

const toRow = ({ createdAt, ...row }: RawRow): UserSummary => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

/** The shop users with the Better Auth display name of their email, if any; oldest first. */
function selectRows(db: Db) {
  return db.select(rowColumns).from(users).leftJoin(authUsers, eq(authUsers.email, users.email));
}

/**
 * GET /users?page=&limit=: the shop users, oldest first (ties, as in one seed transaction, by
 * email); SPEC's plain array, at most 100 an answer (`specListQuerySchema`).
 */
export async function listShopUsers(db: Db, paging: PageQuery): Promise<UserSummary[]> {
  const rows = await selectRows(db)
    .orderBy(asc(users.createdAt), asc(users.email))
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit);
  return rows.map(toRow);
}

/**
 * GET /admin/users?q=&page=&limit=: Make Admin's list, newest first (the people an admin looks for
 * are mostly new sign-ups), a page at a time, with the total; `q` finds an email or a name.
 */
export async function pageShopUsers(
  db: Db,
  { q, ...paging }: PageQuery & { q: string },
): Promise<{ items: UserSummary[]; total: number; page: number; limit: number }> {
  const where = q
    ? or(ilike(users.email, containing(q)), ilike(authUsers.name, containing(q)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.email))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db
      .select({ value: count() })
      .from(users)
      .leftJoin(authUsers, eq(authUsers.email, users.email))
      .where(where),
  ]);
  return { items: rows.map(toRow), total: total?.value ?? 0, ...paging };
}

/**
 * PUT /user/admin/{email}: Make Admin. Idempotent: an admin stays one. The guards read the role
 * from the database on each request, so the user's existing token counts as admin at once.
 * A promotion is recorded in the audit log with it; promoting an admin changes nothing and
 * records nothing.
 */
export async function promoteUser(db: Db, actor: AuditActor, email: string): Promise<UserSummary> {
  const address = normalizeEmail(email);
  return db.transaction(async (tx) => {
    // Make Admin waits for no verification: it refuses, so the button never seems to do nothing.
    const [account] = await tx
      .select({ verified: authUsers.emailVerified })
      .from(authUsers)
      .where(eq(authUsers.email, address));
    if (account && !account.verified) throw new HttpError(409, userAdminMessages.unverified);
    const [promoted] = await tx
      .update(users)
      .set({ role: true })
      .where(and(eq(users.email, address), eq(users.role, false)))
      .returning({ id: users.id });
    if (promoted) {
      await recordAudit(tx, {
        actor,
        action: 'user.promote',
        targetType: 'user',
        targetId: promoted.id,
        targetLabel: address,
      });
    }
    const [row] = await selectRows(tx).where(eq(users.email, address));
    if (!row) throw notFound(userAdminMessages.unknownUser);
    return toRow(row);
  });
}

/**
 * DELETE /user/admin/{email}: takes the admin right away again (issue 28, the undo of Make
 * Admin). The admin rows are locked first, as for a removal, so two admins demoting each other
 * at once cannot leave the shop without one: the shop keeps at least one granted admin (409).
 * Recorded in the audit log; demoting a user who is no admin changes and records nothing. The
 * guards read the role on each request, so the user's token loses the right at once.
 */
export async function demoteUser(db: Db, actor: AuditActor, email: string): Promise<UserSummary> {
  const address = normalizeEmail(email);
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, true))
      .for('update');
    const [target] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, address));
    if (!target) throw notFound(userAdminMessages.unknownUser);
    if (target.role) {
      if (admins.length <= 1) throw new HttpError(409, userAdminMessages.lastAdminDemote);
      await tx.update(users).set({ role: false }).where(eq(users.id, target.id));
      await recordAudit(tx, {
        actor,
        action: 'user.demote',
        targetType: 'user',
        targetId: target.id,
        targetLabel: address,
      });
    }
    const [row] = await selectRows(tx).where(eq(users.email, address));
    if (!row) throw notFound(userAdminMessages.unknownUser);
    return toRow(row);
  });
}

/**
 * DELETE /user/{email}: removes the account for good: the Better Auth user (its sessions and
 * accounts go with it, by the foreign keys), any reset link still pending for it, and the shop
 * user (its profile goes with it). Orders and reviews stay for the books: the database sets
 * their `user_id` to null and they keep their own name and email.
 *
 * The admin rows are locked first, so two admins removing each other at the same moment
 * cannot both succeed and leave the shop without an admin: the second one waits, then counts
 * again.
 */
export async function removeUser(
  db: Db,
  actor: SignedInUser,
  email: string,
  hooks: {
    /**
     * Runs in the removal's transaction before anything is deleted; throws to refuse it (a
     * company's last owner, DESIGN section 9: the server wires the companies' rule in).
     */
    beforeRemove?: (tx: Tx, email: string) => Promise<void>;
    /** Runs after the removal is committed, with the Better Auth user id (ends cached sessions). */
    afterRemove?: (accountId: string) => Promise<void>;
  } = {},
): Promise<number> {
  const { beforeRemove, afterRemove } = hooks;
  const address = normalizeEmail(email);
  if (address === actor.email) throw new HttpError(409, userAdminMessages.removeSelf);
  const removedAccount = await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, true))
      .for('update');
    const [target] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, address));
    const [account] = await tx
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.email, address));
    if (!target && !account) throw notFound(userAdminMessages.unknownUser);
    if (target?.role && admins.length <= 1) throw new HttpError(409, userAdminMessages.lastAdmin);
    await beforeRemove?.(tx, address);

    if (account) {
      // A reset link names the user by id; left behind, it would fail against a missing user.
      await tx
        .delete(authVerifications)
        .where(
          and(
            eq(authVerifications.value, account.id),
            like(authVerifications.identifier, 'reset-password:%'),
          ),
        );
      await tx.delete(authUsers).where(eq(authUsers.id, account.id));
    }
    if (target) await tx.delete(users).where(eq(users.id, target.id));
    await recordAudit(tx, {
      actor,
      action: 'user.remove',
      targetType: 'user',
      // Not null: one of the two exists, or the 404 above was thrown.
      targetId: target?.id ?? account?.id ?? address,
      targetLabel: address,
      details: { wasAdmin: target?.role ?? false },
    });
    return account?.id ?? null;
  });
  if (removedAccount && afterRemove) await afterRemove(removedAccount);
  return 1;
}
