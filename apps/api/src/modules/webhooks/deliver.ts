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
import { runDueJobs, type JobQueue, type RoundResult } from '../../kernel/jobs.js';

/*
 * Sends webhook deliveries (issue 32, docs/decisions/054) as jobs of the job system
 * (kernel/jobs.ts): a delivery's job is claimed with a lease, so two instances never send it at
 * once, and one that dies mid-send leaves it to be sent again when the lease ends: at least
 * once. A purchase's deliveries to one subscription share an order key and go one at a time in
 * the order they were made. A 2xx answer delivers; anything else is tried again after 30 s,
 * 1 min, 2 min, ... at most an hour apart, until WEBHOOK_RETRY_HOURS after the event, when it is
 * given up as failed. The delivery's row keeps the log its owner reads.
 */

export interface WebhookWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** WEBHOOK_ALLOW_PRIVATE: send to private and loopback addresses too. */
  allowPrivate: boolean;
}

/**
 * How long a claim holds a delivery: longer than a batch can take (its requests go at once, each
 * given TIMEOUT_MS), short enough that a dead instance's claims are sent again within a minute.
 */
export const WEBHOOK_LEASE_SECONDS = 30;
const TIMEOUT_MS = 10_000;
/** 30 s, 1 min, 2 min, ... at most an hour between attempts. */
export const webhookRetryDelaySeconds = (attempts: number) =>
  Math.min(30 * 2 ** Math.max(0, attempts - 1), 60 * 60);

interface Delivery {
  id: string;
  event_id: string;
  body: string;
  url: string;
  secret: string;
}

/** The delivery still owed to a subscription in force, with where and how to send it. */
async function owedDelivery(db: Db, id: string): Promise<Delivery | null> {
  const [row] = rowsOf<Delivery>(
    await db.execute(sql`
      select d.id, d.event_id, d.body, s.url, s.secret
      from ${webhookDeliveries} d
      join ${webhookSubscriptions} s on s.id = d.subscription_id and s.removed_at is null
      where d.id = ${id} and d.status <> 'delivered'`),
  );
  return row ?? null;
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
    // The socket's timeout counts idle time only: a receiver that drips its answer is cut off
    // too, well inside the lease, so no other runner sends the delivery meanwhile.
    const noAnswer = () => request.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`));
    const deadline = setTimeout(noAnswer, TIMEOUT_MS);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', noAnswer);
    request.on('error', (error) => resolve({ error: error.message }));
    request.end(body);
  });
}

/** The job system's queue of webhook deliveries (`ref`: the delivery). */
export function webhookQueue({ db, allowPrivate }: WebhookWorkerOptions): JobQueue {
  return {
    name: 'webhook',
    batch: 20,
    leaseSeconds: WEBHOOK_LEASE_SECONDS,
    parallel: true,
    retryDelaySeconds: webhookRetryDelaySeconds,
    giveUpAfterHours: WEBHOOK_RETRY_HOURS,
    async run(job, { retryAt, last }) {
      const delivery = await owedDelivery(db, job.ref ?? '');
      // Its subscription was removed, or it was delivered already: nothing is owed.
      if (!delivery) return;
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
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            responseStatus: status,
            lastError: null,
            deliveredAt: sql`now()`,
          })
          .where(eq(webhookDeliveries.id, delivery.id));
        return;
      }
      const error = 'error' in answer ? answer.error : `answered ${status}`;
      await db
        .update(webhookDeliveries)
        .set({
          status: last ? 'failed' : 'pending',
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          responseStatus: status,
          lastError: error.slice(0, 500),
          nextAttemptAt: retryAt,
        })
        .where(eq(webhookDeliveries.id, delivery.id));
      throw new Error(error);
    },
  };
}

/** Sends every delivery due by `now` (tests pass a later time to see a retry happen). */
export async function deliverDueWebhooks(
  options: WebhookWorkerOptions,
  now: Date = new Date(),
): Promise<RoundResult> {
  return runDueJobs({ db: options.db, log: options.log, queues: [webhookQueue(options)] }, now);
}
