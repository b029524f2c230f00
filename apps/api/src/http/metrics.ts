import { timingSafeEqual } from 'node:crypto';
import { JOB_QUEUES } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { jobs, orders, purchases } from '../db/schema.js';
import { countBuyingOn } from '../kernel/metrics.js';
import { apiError } from './errors.js';

/*
 * GET /metrics (issue 33 item 4, DESIGN section 9): Prometheus's text format through prom-client,
 * for a dashboard and alerts (docs/operations.md). Closed: 404 while METRICS_TOKEN is unset (the
 * collectors are not even made), 401 without `Authorization: Bearer <METRICS_TOKEN>`.
 *
 * Per instance (sum them across instances): request latency by route and status, purchases
 * placed and refused, the process's memory and event-loop delay, the database pool. Read from the
 * database at each scrape, the same on every instance (take the max): purchases paid, stock held
 * by unpaid orders, jobs waiting and failed.
 */

export const METRICS_PATH = '/metrics';

const bearer = (header: string | undefined) => /^Bearer (\S+)$/i.exec(header ?? '')?.[1] ?? '';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMetrics(
  app: FastifyInstance,
  { token, database }: { token: string | undefined; database: Database },
): void {
  if (!token) {
    // Answered here, so the web app's page fallback does not answer it with a page.
    app.get(METRICS_PATH, async (_request, reply) =>
      reply.code(404).send(apiError(404, 'Metrics are off: set METRICS_TOKEN to read them.')),
    );
    return;
  }
  const { db } = database;
  const registry = new Registry();
  /**
   * A figure read from the database at the scrape. A database that does not answer leaves it
   * out (and says so in the log) rather than failing the whole scrape: the process's own
   * figures are what one looks at then.
   */
  const fromDatabase = (metric: string, read: (gauge: Gauge<string>) => Promise<void>) =>
    async function (this: Gauge<string>) {
      this.reset();
      try {
        await read(this);
      } catch (error) {
        app.log.warn({ err: error, metric }, 'a metric could not be read');
      }
    };
  collectDefaultMetrics({ register: registry });

  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route (as registered) and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // A URL no route serves is one label, not one per URL asked for.
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  countBuyingOn(db, {
    placed: new Counter({
      name: 'shop_purchases_placed_total',
      help: 'Purchases placed by this instance, by how they go on: card, account or approval.',
      labelNames: ['way'] as const,
      registers: [registry],
    }),
    refused: new Counter({
      name: 'shop_purchases_refused_total',
      help: 'Purchases this instance refused, by the rule that refused them.',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
  });

  new Gauge({
    name: 'shop_purchases_paid',
    help: 'Purchases paid in full, in the whole shop: by card, or invoices on account settled.',
    labelNames: ['terms'] as const,
    registers: [registry],
    collect: fromDatabase('shop_purchases_paid', async (gauge) => {
      const [row] = rowsOf<{ card: number; account: number }>(
        await db.execute(sql`
          select count(*) filter (where payment_terms = 'card' and invoice_number is not null)::int
              as card,
            count(*) filter (where invoice_paid_at is not null)::int as account
          from ${purchases}`),
      );
      gauge.set({ terms: 'card' }, row?.card ?? 0);
      gauge.set({ terms: 'account' }, row?.account ?? 0);
    }),
  });
  new Gauge({
    name: 'shop_stock_held',
    help: 'Unpaid order lines holding stock until their hold ends, and the pieces they hold.',
    labelNames: ['measure'] as const,
    registers: [registry],
    collect: fromDatabase('shop_stock_held', async (gauge) => {
      const [row] = rowsOf<{ lines: number; pieces: number }>(
        await db.execute(sql`
          select count(*)::int as lines, coalesce(sum(quantity), 0)::int as pieces
          from ${orders} where not paid and hold_expires_at is not null`),
      );
      gauge.set({ measure: 'lines' }, row?.lines ?? 0);
      gauge.set({ measure: 'pieces' }, row?.pieces ?? 0);
    }),
  });
  new Gauge({
    name: 'shop_jobs',
    help: 'Jobs of the job system waiting (pending), failing and waiting to be retried, or failed for good, by queue.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    collect: fromDatabase('shop_jobs', async (gauge) => {
      const found = rowsOf<{ queue: string; state: string; n: number }>(
        await db.execute(sql`
          select queue,
            case when state = 'pending' and last_error is not null then 'retrying' else state end
              as state,
            count(*)::int as n
          from ${jobs} where state <> 'done' group by 1, 2`),
      );
      for (const queue of JOB_QUEUES)
        for (const state of ['pending', 'retrying', 'failed']) gauge.set({ queue, state }, 0);
      for (const row of found) gauge.set({ queue: row.queue, state: row.state }, row.n);
    }),
  });
  const connections = database.connections;
  if (connections) {
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'Connections of this instance to PostgreSQL: open, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { open, idle, waiting } = connections();
        this.set({ state: 'open' }, open);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'in_use' }, open - idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  app.get(METRICS_PATH, async (request, reply) => {
    if (!sameSecret(bearer(request.headers.authorization), token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send(apiError(401, 'Please send the metrics token as a bearer token.'));
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
