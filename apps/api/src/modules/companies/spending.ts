import { lineChargeSql } from '../../db/line-charge.js';
import { accountMessages, fromCents, fromCentsOrNull, type Spending } from '@shop/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companies, companyMembers, orders, purchases } from '../../db/schema.js';
import type { SignedInUser } from '../../kernel/people.js';
import { isActive, membershipOf } from './membership.js';

/**
 * The month's spend of members for their companies, in cents, by user id: the lines of the
 * purchases each made for `companyId` this calendar month (the shop's month: db/client.ts), paid
 * or not. A purchase made before joining, or for nobody, never counts. Summed in 64 bits. The
 * one query the buying workflow judges a spending limit by, and the one GET /company/spending
 * shows, so a page says what the server will decide.
 */
export async function monthSpend(
  db: Db | Tx,
  members: { userId: string; companyId: string }[],
): Promise<Map<string, number>> {
  if (members.length === 0) return new Map();
  const rows = await db
    .select({
      userId: orders.userId,
      companyId: purchases.companyId,
      total: sql<string>`coalesce(sum(${lineChargeSql}), 0)::bigint`,
    })
    .from(orders)
    .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
    .where(
      and(
        inArray(
          orders.userId,
          members.map((member) => member.userId),
        ),
        inArray(purchases.companyId, [...new Set(members.map((member) => member.companyId))]),
        sql`${purchases.createdAt} >= date_trunc('month', now())`,
      ),
    )
    .groupBy(orders.userId, purchases.companyId);
  const companyOf = new Map(members.map((member) => [member.userId, member.companyId]));
  const spent = new Map<string, number>();
  for (const row of rows) {
    if (row.userId && companyOf.get(row.userId) === row.companyId) {
      spent.set(row.userId, Number(row.total));
    }
  }
  return spent;
}

/** GET /company/spending: the caller's limit in their company and the month's spend so far. */
export async function mySpending(db: Db, user: SignedInUser): Promise<Spending> {
  const membership = await membershipOf(db, user);
  if (!membership) {
    return {
      companyId: null,
      companyName: null,
      role: null,
      spendingLimit: null,
      spentThisMonth: 0,
      paymentTerms: null,
      onHold: false,
      holdReason: null,
    };
  }
  const [company] = await db
    .select({
      name: companies.name,
      paymentTerms: companies.paymentTerms,
      onHold: companies.onHold,
    })
    .from(companies)
    .where(eq(companies.id, membership.companyId));
  const spent = await monthSpend(db, [{ userId: user.id, companyId: membership.companyId }]);
  return {
    companyId: membership.companyId,
    companyName: company?.name ?? null,
    role: membership.role,
    spendingLimit: fromCentsOrNull(membership.spendingLimit),
    spentThisMonth: fromCents(spent.get(user.id) ?? 0),
    paymentTerms: company?.paymentTerms ?? null,
    onHold: company?.onHold ?? false,
    holdReason: company?.onHold ? accountMessages.held : null,
  };
}

/**
 * The monthly limit and the month's spend, in dollars, of the buyers `userIds` in `companyId`
 * (issue 28: an approver decides by them), by user id; a buyer no longer in the company is
 * absent.
 */
export async function buyersSpending(
  db: Db,
  companyId: string,
  userIds: string[],
): Promise<Map<string, { spendingLimit: number | null; spentThisMonth: number }>> {
  if (userIds.length === 0) return new Map();
  const members = await db
    .select({ userId: companyMembers.userId, spendingLimit: companyMembers.spendingLimit })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        inArray(companyMembers.userId, [...new Set(userIds)]),
        isActive,
      ),
    );
  const spent = await monthSpend(
    db,
    members.flatMap((member) => (member.userId ? [{ userId: member.userId, companyId }] : [])),
  );
  return new Map(
    members.flatMap((member) =>
      member.userId
        ? [
            [
              member.userId,
              {
                spendingLimit: fromCentsOrNull(member.spendingLimit),
                spentThisMonth: fromCents(spent.get(member.userId) ?? 0),
              },
            ] as const,
          ]
        : [],
    ),
  );
}
