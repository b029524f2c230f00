import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookEventBody } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { jobs, webhookDeliveries, webhookSubscriptions } from '../db/schema.js';

/*
 * The shop's events (issue 32, docs/decisions/054): a change that other systems hear of writes
 * its event in its own transaction, as one webhook delivery per subscription that wants it, so
 * the event commits or rolls back with the change (an outbox). It sits below the modules, as the
 * audit record and the mail outbox do: a purchase is paid in the orders module, a product
 * changed in the catalogue, an invoice falls overdue in the ledger, and each tells of it here.
 * The webhooks module owns the subscriptions and the worker that sends the deliveries.
 */

type EventData = Record<string, unknown>;

/** An event a change tells of: whose it is, in what order it goes, and what it says. */
export interface ShopEvent {
  type: WebhookEvent;
  /**
   * Whose event: a company's (its own subscriptions and every admin's get it), or null for the
   * shop's own (the admins' subscriptions only), unless `everyone`.
   */
  companyId: string | null;
  /** Every subscription that wants the type gets it, companies' too: the public catalogue's. */
  everyone?: boolean;
  /**
   * What keeps events in order: one purchase's (or one product's) events reach each receiver in
   * the order they happened. None: the event stands alone.
   */
  orderKey?: string | null;
  /** What it says, or how to read it: read only when some subscription wants the event. */
  data: EventData | (() => Promise<EventData>);
}

type Listener = { type: WebhookEvent; company_id: string | null };

/**
 * Who listens to these types: read once per type and transaction, as a catalogue import of
 * 100,000 changes writes its events product by product.
 */
const listening = new WeakMap<Db | Tx, Map<WebhookEvent, Listener[]>>();
async function listenersOf(tx: Db | Tx, types: WebhookEvent[]): Promise<Listener[]> {
  // Only a transaction's answers are kept (drizzle's transactions can roll back, the pool not):
  // outside one, each call reads afresh.
  const inTransaction = 'rollback' in tx;
  const known = (inTransaction && listening.get(tx)) || new Map<WebhookEvent, Listener[]>();
  if (inTransaction) listening.set(tx, known);
  const unknown = [...new Set(types)].filter((type) => !known.has(type));
  if (unknown.length > 0) {
    const found = rowsOf<Listener>(
      await tx.execute(sql`
        select distinct t.type, s.company_id
        from ${webhookSubscriptions} s, unnest(${sql.param(unknown)}::text[]) as t(type)
        where s.removed_at is null and s.events ? t.type`),
    );
    for (const type of unknown)
      known.set(
        type,
        found.filter((row) => row.type === type),
      );
  }
  return types.flatMap((type) => known.get(type) ?? []);
}

/** Whether a subscription of `owner` (null: an admin's) receives `event`. */
const reaches = (event: ShopEvent, owner: string | null) =>
  owner === null || event.everyone === true || owner === event.companyId;

/**
 * Writes `events` as deliveries to every subscription in force that wants each (a company's
 * own, and every admin's), inside the caller's transaction: the events commit or roll back with
 * the change. One small read first finds who listens: an event nobody wants costs no more, and
 * its data is never read. Call `jobsQueued(db)` (kernel/jobs.ts) after the commit.
 */
export async function emitEvents(tx: Db | Tx, events: ShopEvent[]): Promise<void> {
  if (events.length === 0) return;
  const listeners = await listenersOf(
    tx,
    events.map((event) => event.type),
  );
  const heard = events.filter((event) =>
    listeners.some(
      (listener) => listener.type === event.type && reaches(event, listener.company_id),
    ),
  );
  if (heard.length === 0) return;
  const createdAt = new Date().toISOString();
  const rows = [];
  // One after another: the data of an event may be read in the caller's transaction.
  for (const event of heard) {
    const id = randomUUID();
    const data = typeof event.data === 'function' ? await event.data() : event.data;
    const body: WebhookEventBody = { id, type: event.type, createdAt, data };
    rows.push({
      id,
      type: event.type,
      companyId: event.companyId ?? '',
      everyone: event.everyone === true,
      orderKey: event.orderKey ?? id,
      body: JSON.stringify(body),
    });
  }
  // Each delivery with the job that sends it (kernel/jobs.ts), in order per subscription and key.
  await tx.execute(sql`
    with delivery as (
      insert into ${webhookDeliveries}
        (subscription_id, event_id, type, body, order_key)
      select s.id, (e.value->>'id')::uuid, e.value->>'type', e.value->>'body', e.value->>'orderKey'
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as e(value, n)
      join ${webhookSubscriptions} s
        on s.removed_at is null
        and s.events ? (e.value->>'type')
        and (s.company_id is null or (e.value->>'everyone')::boolean
          or s.company_id::text = e.value->>'companyId')
      order by e.n, s.id
      returning id, seq, type, subscription_id, order_key
    )
    insert into ${jobs} (queue, kind, ref, order_key)
    select 'webhook', type, id, subscription_id::text || '/' || order_key
    from delivery order by seq
  `);
}
