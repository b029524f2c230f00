import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { WEBHOOK_RETRY_HOURS, WEBHOOK_SIGNATURE_HEADER } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema.js';
import { isPrivateAddress } from './address.js';
import { webhookSignature } from './signature.js';
import { onWebhooksQueued } from '../../kernel/events.js';

/*
 * Sends webhook deliveries (issue 32, docs/decisions/054), as the mail worker sends emails: a
 * delivery is claimed with a lease (its next attempt moved WEBHOOK_LEASE_SECONDS ahead, FOR UPDATE SKIP
 * LOCKED), so two instances never send it at once, and one that dies mid-send leaves it to be
 * sent again when the lease ends: at least once. A purchase's deliveries to one subscription go
 * one at a time in the order they were made (a later one waits while an earlier is pending). A
 * 2xx answer delivers; anything else is tried again after 30 s, 1 min, 2 min, ... at most an hour
 * apart, until WEBHOOK_RETRY_HOURS after the event, when it is given up as failed.
 */

export interface WebhookWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** WEBHOOK_ALLOW_PRIVATE: send to private and loopback addresses too. */
  allowPrivate: boolean;
}

const BATCH = 20;
/**
 * How long a claim holds a delivery: longer than a batch can take (its requests go at once, each
 * given TIMEOUT_MS), short enough that a dead instance's claims are sent again within a minute.
 */
export const WEBHOOK_LEASE_SECONDS = 30;
const TIMEOUT_MS = 10_000;
/** 30 s, 1 min, 2 min, ... at most an hour between attempts. */
export const webhookRetryDelaySeconds = (attempts: number) =>
  Math.min(30 * 2 ** Math.max(0, attempts - 1), 60 * 60);

interface Claimed {
  id: string;
  event_id: string;
  body: string;
  attempts: number;
  created_at: string | Date;
  url: string;
  secret: string;
}

async function claim(db: Db, now: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with due as (
      select d.id from ${webhookDeliveries} d
      join ${webhookSubscriptions} s on s.id = d.subscription_id and s.removed_at is null
      -- Due by the caller's time or the database's, whichever is later: a row written this
      -- millisecond is due although a JavaScript date keeps no microseconds.
      where d.status = 'pending' and d.next_attempt_at <= greatest(${at}::timestamptz, now())
        and not exists (
          select 1 from ${webhookDeliveries} p
          where p.subscription_id = d.subscription_id and p.order_key = d.order_key
            and p.status = 'pending' and p.seq < d.seq
        )
      order by d.next_attempt_at, d.seq
      limit ${BATCH}
      for update of d skip locked
    )
    update ${webhookDeliveries} w
    -- The lease runs from the claim, not from the round's start: a long round's claims are not
    -- born expired (another instance would send them at the same time).
    set next_attempt_at = greatest(${at}::timestamptz, now())
          + make_interval(secs => ${WEBHOOK_LEASE_SECONDS}),
        attempts = w.attempts + 1
    from due, ${webhookSubscriptions} s
    where w.id = due.id and s.id = w.subscription_id
    returning w.id, w.event_id, w.body, w.attempts, w.created_at, s.url, s.secret
  `);
  return rowsOf<Claimed>(result);
}

/** A DNS lookup that refuses private and loopback answers (WEBHOOK_ALLOW_PRIVATE aside). */
function guardedLookup(allowPrivate: boolean): RequestOptions['lookup'] {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const usable = allowPrivate ? list : list.filter((a) => !isPrivateAddress(a.address));
      if (usable.length === 0) {
        return callback(new Error('the address resolves to a private network'), '', 0);
      }
      if (options.all) return callback(null, usable as never, 0);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/** POSTs `body` signed to `url`: the answer's status, or the network's error. */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<{ status: number } | { error: string }> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: TIMEOUT_MS,
        lookup: guardedLookup(allowPrivate),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', (error) => resolve({ error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => resolve({ error: error.message }));
    request.end(body);
  });
}

export interface DeliverResult {
  delivered: number;
  failed: number;
}

/** Sends every delivery due by `now` (tests pass a later time to see a retry happen). */
export async function deliverDueWebhooks(
  { db, log, allowPrivate }: WebhookWorkerOptions,
  now: Date = new Date(),
): Promise<DeliverResult> {
  const result: DeliverResult = { delivered: 0, failed: 0 };
  const seen = new Set<string>();
  for (;;) {
    const due = (await claim(db, now)).filter((delivery) => !seen.has(delivery.id));
    if (due.length === 0) break;
    await Promise.all(
      due.map(async (delivery) => {
        seen.add(delivery.id);
        const timestamp = Math.floor(Date.now() / 1000);
        const answer = await post(
          delivery.url,
          delivery.body,
          {
            'content-type': 'application/json',
            'user-agent': 'PartsWorks-Webhooks/1',
            'webhook-id': delivery.event_id,
            [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: webhookSignature(
              delivery.secret,
              timestamp,
              delivery.body,
            ),
          },
          allowPrivate,
        );
        const status = 'status' in answer ? answer.status : null;
        if (status !== null && status >= 200 && status < 300) {
          await db
            .update(webhookDeliveries)
            .set({
              status: 'delivered',
              responseStatus: status,
              lastError: null,
              deliveredAt: sql`now()`,
            })
            .where(eq(webhookDeliveries.id, delivery.id));
          result.delivered += 1;
          return;
        }
        const error = 'error' in answer ? answer.error : `answered ${status}`;
        const delay = webhookRetryDelaySeconds(delivery.attempts);
        const givenUp =
          new Date(delivery.created_at).getTime() + WEBHOOK_RETRY_HOURS * 3_600_000 <=
          now.getTime() + delay * 1000;
        await db
          .update(webhookDeliveries)
          .set({
            ...(givenUp ? { status: 'failed' as const } : {}),
            responseStatus: status,
            lastError: error.slice(0, 500),
            nextAttemptAt: sql`greatest(${now.toISOString()}::timestamptz, now()) + make_interval(secs => ${delay})`,
          })
          .where(eq(webhookDeliveries.id, delivery.id));
        result.failed += 1;
        log.warn(
          { deliveryId: delivery.id, attempts: delivery.attempts, error, givenUp },
          givenUp ? 'a webhook delivery failed for good' : 'a webhook delivery failed; retrying',
        );
      }),
    );
  }
  return result;
}

export interface WebhookWorker {
  stop(): Promise<void>;
}

/** Sends at once when a change queues deliveries (this process), and every `intervalSeconds`. */
export function startWebhookWorker(
  options: WebhookWorkerOptions,
  intervalSeconds: number,
): WebhookWorker {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDueWebhooks(options)
      .catch((error: unknown) => options.log.error({ err: error }, 'webhook round failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const stopListening = onWebhooksQueued(options.db, run);
  const timer = setInterval(run, intervalSeconds * 1000);
  timer.unref();
  run();
  return {
    async stop() {
      stopped = true;
      stopListening();
      clearInterval(timer);
      while (running) await running;
    },
  };
}
