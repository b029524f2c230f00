import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  auditLog,
  authSessions,
  companies,
  companyMembers,
  contractPrices,
  emailJobs,
  idempotencyKeys,
  invoiceCounters,
  invoicePayments,
  ledgerEntries,
  purchases,
  authUsers,
  newsletterSubscribers,
  orders,
  products,
  reviews,
  sandboxPaymentIntents,
  userInfo,
  users,
} from '../db/schema.js';

/**
 * Everything a request could change in the shop, as plain data to compare with `toEqual`:
 * every row of the shop tables, the identities without the timestamp Better Auth refreshes on
 * its own, and the number of sessions (reading a session may extend it). The rate-limit table
 * is left out: counting requests is its job; of the queued emails only what was queued counts,
 * as the mail worker marks them sent on its own time.
 */
export async function dbSnapshot(db: Db) {
  const [sessions] = await db.select({ value: count() }).from(authSessions);
  return {
    products: await db.select().from(products).orderBy(products.id),
    orders: await db.select().from(orders).orderBy(orders.id),
    purchases: await db.select().from(purchases).orderBy(purchases.id),
    invoiceCounters: await db.select().from(invoiceCounters).orderBy(invoiceCounters.year),
    invoicePayments: await db.select().from(invoicePayments).orderBy(invoicePayments.id),
    emailJobs: await db
      .select({
        id: emailJobs.id,
        kind: emailJobs.kind,
        to: emailJobs.to,
        payload: emailJobs.payload,
      })
      .from(emailJobs)
      .orderBy(emailJobs.id),
    reviews: await db.select().from(reviews).orderBy(reviews.id),
    companies: await db.select().from(companies).orderBy(companies.id),
    companyMembers: await db.select().from(companyMembers).orderBy(companyMembers.email),
    contractPrices: await db
      .select()
      .from(contractPrices)
      .orderBy(contractPrices.companyId, contractPrices.productId),
    ledgerEntries: await db.select().from(ledgerEntries).orderBy(ledgerEntries.seq),
    auditLog: await db.select().from(auditLog).orderBy(auditLog.seq),
    users: await db.select().from(users).orderBy(users.id),
    userInfo: await db.select().from(userInfo).orderBy(userInfo.userId),
    newsletterSubscribers: await db
      .select()
      .from(newsletterSubscribers)
      .orderBy(newsletterSubscribers.id),
    sandboxPaymentIntents: await db
      .select()
      .from(sandboxPaymentIntents)
      .orderBy(sandboxPaymentIntents.id),
    idempotencyKeys: await db
      .select()
      .from(idempotencyKeys)
      .orderBy(idempotencyKeys.userId, idempotencyKeys.endpoint, idempotencyKeys.key),
    authUsers: (await db.select().from(authUsers).orderBy(authUsers.id)).map(
      ({ updatedAt: _updatedAt, ...row }) => row,
    ),
    authSessions: sessions?.value ?? 0,
  };
}

export type DbSnapshot = Awaited<ReturnType<typeof dbSnapshot>>;
