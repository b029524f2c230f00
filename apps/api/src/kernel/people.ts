import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authUsers, users } from '../db/schema.js';

/*
 * Who is acting: what every module needs to know about the signed-in person, below the modules
 * (docs/decisions/027). The users module owns the shop's user records; this is only the shape
 * of the person a request acts for, and the two facts about people every module reads.
 */

/** The shop's own record of a person: what the shop token names and what decides admin. */
export interface SignedInUser {
  id: string;
  email: string;
  /**
   * The admin right in force (SPEC's "role, truthy means admin"): granted (ADMIN_EMAILS, Make
   * Admin, make-admin) and the address verified. A grant to an unverified address waits.
   */
  isAdmin: boolean;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The display name of the Better Auth user with this email (stored uppercased), or null. */
export async function accountName(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ name: authUsers.name })
    .from(authUsers)
    .where(eq(authUsers.email, normalizeEmail(email)));
  return row?.name ?? null;
}

/** Someone's name for an email: their account's, else their address. */
export const displayName = async (db: Db, email: string) => (await accountName(db, email)) ?? email;

/**
 * Whether a shop user is an admin now, in SQL over `users` joined with `auth_users`: `users.role`
 * is the grant; it counts only once the person's Better Auth account has a verified address, so
 * nobody becomes an admin by signing up with an address they do not own.
 */
export const adminInForce = sql<boolean>`(${users.role} and coalesce(${authUsers.emailVerified}, false))`;

/** The addresses of the admins in force: who the shop's own mail goes to. */
export async function adminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.email, users.email))
    .where(adminInForce)
    .orderBy(users.email);
  return rows.map((row) => row.email);
}
