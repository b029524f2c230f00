import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { api, createApiClient, expectStatus } from '@shop/shared';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../src/config/config.js';
import { connectDatabase } from '../../src/db/client.js';
import { webhookDeliveries } from '../../src/db/schema.js';
import { deliverDueWebhooks, WEBHOOK_LEASE_SECONDS } from '../../src/modules/webhooks/deliver.js';
import { demoUsers } from '../../src/seed/seed-data.js';
import { tempDir } from '../../src/test-support/build-test-app.js';
import {
  buildShared,
  freePort,
  freshPostgresDatabase,
  signInOverHttp,
  startServerProcess,
} from '../../src/test-support/server-process.js';

/**
 * A delivery is never lost to a crash (issue 32): the real server sends 40 events to a receiver
 * that answers the first ten and holds the rest, and is killed with SIGKILL while it waits on
 * them: mid-delivery, its claims leased. Another instance (this test, on the same database) sends
 * what is due once the lease has run out; the receiver then holds every event, each counted once
 * by its id, and the database calls every delivery delivered.
 */

const EVENTS = 40;
const ANSWERED_BEFORE_KILL = 10;
const admin = demoUsers.find((user) => user.admin)!;

/** A receiver that answers the first `answered` requests and holds the rest until released. */
async function holdingReceiver(answered: number) {
  const ids: string[] = [];
  const held: ServerResponse[] = [];
  let heldOne: () => void = () => {};
  const firstHeld = new Promise<void>((resolve) => (heldOne = resolve));
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      ids.push(String(request.headers['webhook-id']));
      if (answered > 0) {
        answered -= 1;
        response.end('ok');
        return;
      }
      if (held.length === 0 && !released) heldOne();
      if (released) response.end('ok');
      else held.push(response);
    });
  });
  let released = false;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    ids,
    firstHeld,
    release() {
      released = true;
      for (const response of held.splice(0)) response.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function killMidDelivery(env: Record<string, string>, database: DatabaseConfig) {
  const receiver = await holdingReceiver(ANSWERED_BEFORE_KILL);
  const port = await freePort();
  const server = await startServerProcess({
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    DEMO_PASSWORDS: 'fixed',
    LOG_LEVEL: 'error',
    SEED_DEMO_DATA: 'true',
    AUTH_SECRET: 'webhook-crash-secret-that-is-long-enough-01',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
  try {
    const client = createApiClient({ baseUrl: server.url });
    const token = await signInOverHttp(server.url, admin);
    expectStatus(
      await client.call(
        api.webhooks.create,
        { body: { url: receiver.url, events: ['product.updated'] } },
        { token },
      ),
      201,
    );
    // One import, forty products added: forty events, written with it.
    const csv = [
      'sku,name,price,minimum,available,description,img',
      ...Array.from(
        { length: EVENTS },
        (_, i) =>
          `CRASH-${i},Crash test cable ${i},${5 + i},1,100,A patch cable.,/images/products/ssd.svg`,
      ),
    ].join('\n');
    expectStatus(await client.call(api.catalog.importCsv, { body: { csv } }, { token }), 200);
    // The worker has sent ten (answered) and waits on the next ones: now it dies.
    await receiver.firstHeld;
    server.child.kill('SIGKILL');
    await server.exited;
    const beforeKill = new Set(receiver.ids).size;
    receiver.release();

    // Another instance, once the dead one's leases have run out.
    const other = await connectDatabase(database);
    try {
      const later = new Date(Date.now() + (WEBHOOK_LEASE_SECONDS + 1) * 1000);
      const sent = await deliverDueWebhooks(
        { db: other.db, log: pino({ level: 'silent' }), allowPrivate: true },
        later,
      );
      const statuses = await other.db
        .select({ status: webhookDeliveries.status, n: count() })
        .from(webhookDeliveries)
        .groupBy(webhookDeliveries.status);
      return { receiver, beforeKill, sent, statuses };
    } finally {
      await other.close();
    }
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    await receiver.close();
  }
}

beforeAll(async () => {
  await buildShared();
}, 120_000);

describe('webhook deliveries survive an instance killed mid-delivery', () => {
  let data: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    data = await tempDir('shop-webhook-crash-');
  });
  afterAll(async () => {
    await data?.remove();
  });

  const check = (outcome: Awaited<ReturnType<typeof killMidDelivery>>) => {
    const unique = new Set(outcome.receiver.ids);
    // Killed mid-delivery: some delivered, some not.
    expect(outcome.beforeKill).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);
    expect(outcome.beforeKill).toBeLessThan(EVENTS);
    // Every event reached the receiver; what came twice was only what was on the wire.
    expect(unique.size).toBe(EVENTS);
    expect(outcome.sent.failed).toBe(0);
    expect(outcome.statuses).toEqual([{ status: 'delivered', n: EVENTS }]);
  };

  it('on PGlite on disk', async () => {
    const outcome = await killMidDelivery(
      { DATA_DIR: data.dir },
      { kind: 'pglite', dataDir: join(data.dir, 'db') },
    );
    check(outcome);
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL (TEST_DATABASE_URL)',
    async () => {
      const database = await freshPostgresDatabase();
      try {
        const outcome = await killMidDelivery(
          { DATA_DIR: data.dir, DATABASE_URL: database.url },
          { kind: 'postgres', url: database.url },
        );
        check(outcome);
      } finally {
        await database.drop();
      }
    },
    120_000,
  );
});
