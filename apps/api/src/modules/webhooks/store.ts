import { randomBytes } from 'node:crypto';
import type {
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEvent,
  WebhookList,
} from '@shop/shared';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { lockName } from '../../db/locks.js';
import { jobs, webhookDeliveries, webhookSubscriptions } from '../../db/schema.js';

/*
 * Webhook subscriptions and their deliveries (issue 32, docs/decisions/054). An event is written
 * as one delivery row per subscription that wants it, in the transaction of the change it tells
 * of; the delivery worker (workflows/webhooks/deliver.ts) sends them.
 */

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Whose subscriptions: a company's, or the shop's own (an admin's, every company's events). */
export type HookOwner = { companyId: string | null };

const ownedBy = ({ companyId }: HookOwner): SQL =>
  companyId === null
    ? isNull(webhookSubscriptions.companyId)
    : eq(webhookSubscriptions.companyId, companyId);

export function toWebhook(row: SubscriptionRow): Webhook {
  return {
    _id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    companyId: row.companyId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    eventId: row.eventId,
    type: row.type as WebhookEvent,
    status: row.status,
    responseStatus: row.responseStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** Makes the caller's transaction the only one counting and adding `owner`'s subscriptions. */
export async function lockHookOwner(tx: Db | Tx, owner: HookOwner): Promise<void> {
  await lockName(tx, `webhooks:${owner.companyId ?? 'shop'}`);
}

export async function activeHookCount(tx: Db | Tx, owner: HookOwner): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(webhookSubscriptions)
    .where(and(ownedBy(owner), isNull(webhookSubscriptions.removedAt)));
  return row?.n ?? 0;
}

/** A new subscription and its signing secret (`whsec_` and 32 random bytes, base64url). */
export async function insertSubscription(
  tx: Db | Tx,
  owner: HookOwner,
  input: { url: string; events: WebhookEvent[]; createdBy: string },
): Promise<SubscriptionRow> {
  const [row] = await tx
    .insert(webhookSubscriptions)
    .values({
      companyId: owner.companyId,
      url: input.url,
      events: input.events,
      secret: `whsec_${randomBytes(32).toString('base64url')}`,
      createdBy: input.createdBy,
    })
    .returning();
  return row!;
}

/** The subscription in force (or, `removed` too, one removed: its log stays readable). */
export async function findSubscription(
  db: Db | Tx,
  id: string,
  { removed = false } = {},
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.id, id),
        removed ? undefined : isNull(webhookSubscriptions.removedAt),
      ),
    );
  return row ?? null;
}

export async function markRemoved(tx: Db | Tx, id: string): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .update(webhookSubscriptions)
    .set({ removedAt: sql`now()` })
    .where(and(eq(webhookSubscriptions.id, id), isNull(webhookSubscriptions.removedAt)))
    .returning();
  return row ?? null;
}

/** A page of subscriptions in force, newest first: every one (`owner` null) or one owner's. */
export async function listSubscriptions(
  db: Db,
  owner: HookOwner | null,
  { page, limit }: { page: number; limit: number },
): Promise<WebhookList> {
  const where = and(owner ? ownedBy(owner) : undefined, isNull(webhookSubscriptions.removedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookSubscriptions)
      .where(where)
      .orderBy(desc(webhookSubscriptions.seq))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(webhookSubscriptions).where(where),
  ]);
  return { items: rows.map(toWebhook), total: total?.n ?? 0, page, limit };
}

export async function listDeliveries(
  db: Db,
  subscriptionId: string,
  { page, limit }: { page: number; limit: number },
): Promise<WebhookDeliveryList> {
  const where = eq(webhookDeliveries.subscriptionId, subscriptionId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.seq))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { items: rows.map(toDelivery), total: total?.n ?? 0, page, limit };
}

/**
 * Sends a delivery again from now: pending, its attempts counted on, its job due now (a new job,
 * with a new retry window, when the last one is over). Null when it is gone.
 */
export async function resendDelivery(
  db: Db,
  subscriptionId: string,
  id: string,
): Promise<DeliveryRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: sql`now()` })
      .where(
        and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.subscriptionId, subscriptionId)),
      )
      .returning();
    if (!row) return null;
    const waiting = await tx
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.ref, row.id), eq(jobs.state, 'pending')))
      .returning({ id: jobs.id });
    if (waiting.length === 0) {
      await tx.insert(jobs).values({
        queue: 'webhook',
        kind: row.type,
        ref: row.id,
        orderKey: `${row.subscriptionId}/${row.orderKey}`,
      });
    }
    return row;
  });
}
