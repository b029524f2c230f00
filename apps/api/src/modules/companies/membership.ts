import type { CompanyRole } from '@shop/shared';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { authUsers, companyMembers, orders, purchases } from '../../db/schema.js';
import type { SignedInUser } from '../users/service.js';

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
 * The company the user belongs to, or null. An invitation to the user's address is taken up
 * here, the first time the user is seen with a verified address: so a person invited before they
 * had an account joins once they have signed up and verified it, and nobody joins by signing up
 * with someone else's address.
 */
export async function membershipOf(db: Db | Tx, user: SignedInUser): Promise<Membership | null> {
  const [row] = await db
    .select({
      companyId: companyMembers.companyId,
      email: companyMembers.email,
      role: companyMembers.role,
      spendingLimit: companyMembers.spendingLimit,
      userId: companyMembers.userId,
    })
    .from(companyMembers)
    .where(eq(companyMembers.email, user.email));
  if (!row) return null;
  if (row.userId !== user.id) {
    if (row.userId !== null || !(await isVerified(db, user.email))) return null;
    await db
      .update(companyMembers)
      .set({ userId: user.id })
      .where(and(eq(companyMembers.email, user.email), isNull(companyMembers.userId)));
  }
  return {
    companyId: row.companyId,
    email: row.email,
    role: row.role as CompanyRole,
    spendingLimit: row.spendingLimit,
  };
}

/**
 * The start of the current calendar month, as the database computes it, so every instance
 * agrees on the month: the shop's month, as the database's sessions keep the shop's time zone
 * (SHOP_TIME_ZONE, db/client.ts).
 */
export const monthStart = sql`date_trunc('month', now())`;

/**
 * What each of these users' purchases of the calendar month add up to, in whole dollars:
 * their orders that are not cancelled (a cancelled order is deleted), paid or not. Purchases
 * waiting for approval have no orders yet, so they do not count until approved.
 */
export async function spentThisMonth(db: Db | Tx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: orders.userId, total: sql<number>`coalesce(sum(${orders.price}), 0)::int` })
    .from(orders)
    .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
    .where(and(inArray(orders.userId, userIds), gte(purchases.createdAt, monthStart)))
    .groupBy(orders.userId);
  return new Map(rows.map((row) => [row.userId ?? '', row.total]));
}

/**
 * Locks the member's row for the rest of the transaction: two purchases by the same member then
 * judge the month's spend one after the other, each seeing what the other added.
 */
export async function lockMember(tx: Tx, email: string): Promise<void> {
  await tx
    .select({ email: companyMembers.email })
    .from(companyMembers)
    .where(eq(companyMembers.email, email))
    .for('update');
}
