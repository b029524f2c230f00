import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authSessions, authUsers, users } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { adminInForce, normalizeEmail, type SignedInUser } from '../../kernel/people.js';

const signedInUserColumns = { id: users.id, email: users.email, isAdmin: adminInForce };

/** The shop users joined with the Better Auth account of the same email, if any. */
const selectShopUsers = (db: Db) =>
  db.select(signedInUserColumns).from(users).leftJoin(authUsers, eq(authUsers.email, users.email));

/**
 * Creates the shop user for this email, or returns the existing one. `admin: true` grants the
 * admin right (in force once the address is verified: see `adminInForce`); nothing here ever
 * demotes, so an admin made with make-admin or Make Admin stays one even
 * when ADMIN_EMAILS no longer names them. One statement, so two first sign-ins at the same
 * moment still make one row.
 */
export async function upsertShopUser(
  db: Db,
  email: string,
  { admin = false }: { admin?: boolean } = {},
): Promise<{ id: string; email: string; granted: boolean; promoted: boolean }> {
  const address = normalizeEmail(email);
  const [before] = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.email, address));
  const [user] = await db
    .insert(users)
    .values({ email: address, role: admin })
    .onConflictDoUpdate({
      target: users.email,
      set: { role: or(users.role, sql`excluded.role`) },
    })
    .returning({ id: users.id, email: users.email, granted: users.role });
  if (!user) throw new Error('The database returned no row for the shop user.');
  return { ...user, promoted: user.granted && before?.role !== true };
}

export async function findShopUserById(db: Db, id: string): Promise<SignedInUser | null> {
  const [user] = await selectShopUsers(db).where(eq(users.id, id));
  return user ?? null;
}

export async function findShopUserByEmail(db: Db, email: string): Promise<SignedInUser | null> {
  const [user] = await selectShopUsers(db).where(eq(users.email, normalizeEmail(email)));
  return user ?? null;
}

/**
 * The user of a shop token, in one read: the shop user `id`, whose Better Auth session `sessionId`
 * still exists and has not expired. A sign-out or a password reset deletes the session, a
 * removal the user: the token is refused from the next request on.
 */
export async function findShopUserBySession(
  db: Db,
  id: string,
  sessionId: string,
): Promise<SignedInUser | null> {
  const [user] = await db
    .select(signedInUserColumns)
    .from(users)
    .innerJoin(authUsers, eq(authUsers.email, users.email))
    .innerJoin(
      authSessions,
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.userId, authUsers.id),
        gt(authSessions.expiresAt, sql`now()`),
      ),
    )
    .where(eq(users.id, id));
  return user ?? null;
}

/** Marks the Better Auth account of this email verified (the demo accounts, tests). */
export async function markEmailVerified(db: Db, email: string) {
  await db
    .update(authUsers)
    .set({ emailVerified: true })
    .where(eq(authUsers.email, normalizeEmail(email)));
}

/**
 * `npm run make-admin -- <email>`: the user is granted the admin right, created if need be. It
 * is in force once the person has signed up and verified the address (`verified` says whether
 * that is so already).
 */
export async function makeAdmin(db: Db, email: string) {
  const user = await upsertShopUser(db, email, { admin: true });
  const inForce = await findShopUserById(db, user.id);
  return { email: user.email, alreadyAdmin: !user.promoted, verified: inForce?.isAdmin === true };
}

export interface ShopTokenRequest {
  /** The email of the Better Auth session, or null without one. */
  sessionEmail: string | null;
  /** The email in the address: PUT /user/{email}. */
  email: string;
  /** The email in the body, which SPEC's client sends too. */
  bodyEmail: string;
  adminEmails: readonly string[];
}

/**
 * DESIGN section 4: the session must belong to the email asked for. Upserts the shop user,
 * making it an admin when ADMIN_EMAILS names it, and answers the user to put in the token.
 */
export async function shopUserForSession(db: Db, request: ShopTokenRequest): Promise<SignedInUser> {
  if (!request.sessionEmail) {
    throw new HttpError(401, 'Sign in first: there is no session for this request.');
  }
  const email = normalizeEmail(request.email);
  if (normalizeEmail(request.sessionEmail) !== email) {
    throw new HttpError(403, 'This session belongs to another email address.');
  }
  if (normalizeEmail(request.bodyEmail) !== email) {
    throw new HttpError(400, 'email: The email in the body must be the email in the address.');
  }
  const { id } = await upsertShopUser(db, email, { admin: request.adminEmails.includes(email) });
  const user = await findShopUserById(db, id);
  if (!user) throw new Error('The shop user was removed while its token was made.');
  return user;
}

/** GET /admin/{email}: a user may ask about themselves; an admin about anyone. */
export async function adminStatus(db: Db, actor: SignedInUser, email: string) {
  const address = normalizeEmail(email);
  if (address === actor.email) return { admin: actor.isAdmin };
  if (!actor.isAdmin) throw new HttpError(403, 'You may only ask about your own account.');
  const user = await findShopUserByEmail(db, address);
  return { admin: user?.isAdmin ?? false };
}

/** How many people have an identity (Better Auth user), whatever the way they signed up. */
export async function countAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(authUsers);
  return row?.value ?? 0;
}
