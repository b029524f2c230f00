import { api, createApiClient, expectStatus } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../src/seed/seed-data.js';
import { tempDir } from '../../src/test-support/build-test-app.js';
import {
  buildShared,
  freePort,
  freshPostgresDatabase,
  signInOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../src/test-support/server-process.js';

/**
 * An acknowledged order survives a crash: the real server takes a stream of orders, is killed
 * with SIGKILL once some are acknowledged (others still on the wire), and restarted on the same
 * data. Every 201 must be there with its quantity, and each product's stock must equal its
 * starting stock less the orders that exist for it: nothing lost, nothing half-written.
 */

const ORDERS = 30;
const KILL_AFTER = 15;
const CONCURRENCY = 4;
const buyer = demoUsers.find((user) => !user.admin)!;

const serverEnv = (port: number, extra: Record<string, string>) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  // The demo buyer signs in with the published password (random ones: auth/safe-by-default.test.ts).
  DEMO_PASSWORDS: 'fixed',
  LOG_LEVEL: 'error',
  SEED_DEMO_DATA: 'true',
  AUTH_SECRET: 'crash-safety-secret-that-is-long-enough-01',
  RATE_LIMIT_MAX: '100000',
  AUTH_RATE_LIMIT_MAX: '1000',
  // One buyer places every order, far more than a customer may hold unpaid in a real shop.
  UNPAID_ORDERS_MAX: '1000',
  WEB_DIST_DIR: '/nonexistent-web-dist',
  ...extra,
});

interface Figures {
  sent: number;
  acknowledged: number;
  /** Sent but not answered when the server died: each may or may not have been stored. */
  unanswered: number;
  foundAfterRestart: number;
  unansweredButStored: number;
}

async function killMidStream(port: number, env: Record<string, string>): Promise<Figures> {
  let server: ServerProcess = await startServerProcess(serverEnv(port, env));
  // The restarted server listens on the same port: one client speaks to both.
  const client = createApiClient({ baseUrl: server.url });
  try {
    const token = await signInOverHttp(server.url, buyer);
    // What the demo buyer owned before (the demo quote's purchase): not this test's orders.
    const earlier = expectStatus(
      await client.call(api.orders.listOwn, { query: { email: buyer.email } }, { token }),
      200,
    );
    const before = new Set(earlier.map((order) => order._id));
    const initial = expectStatus(await client.call(api.catalog.list), 200);
    const products = initial.slice(0, 3);

    const acknowledged = new Map<string, { productId: string; quantity: number }>();
    let sent = 0;
    let unanswered = 0;
    let killed = false;
    const sendOne = async (i: number) => {
      const product = products[i % products.length]!;
      const quantity = product.minimum + (i % 3) * product.increment;
      sent += 1;
      try {
        const response = await client.call(
          api.orders.place,
          {
            body: {
              productId: product._id,
              quantity,
              number: '+(555) 123-4567',
              address: '12 Harbour Road, Springfield',
            },
          },
          { token },
        );
        if (response.status !== 201) throw new Error(`order answered ${response.status}`);
        const { order } = response.body;
        if (!order) throw new Error('the order waits for approval');
        acknowledged.set(order._id, { productId: product._id, quantity });
        if (acknowledged.size === KILL_AFTER && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      } catch (error) {
        if (!killed) throw error;
        unanswered += 1;
      }
    };
    let next = 0;
    const lanes = Array.from({ length: CONCURRENCY }, async () => {
      while (next < ORDERS && !killed) await sendOne(next++);
    });
    await Promise.all(lanes);
    expect(killed).toBe(true);
    expect((await server.exited).signal).toBe('SIGKILL');

    server = await startServerProcess(serverEnv(port, env));
    const after = expectStatus(
      await client.call(
        api.orders.listOwn,
        { query: { email: buyer.email } },
        { token: await signInOverHttp(server.url, buyer) },
      ),
      200,
    );
    const placed = after.filter((order) => !before.has(order._id));
    const stored = new Map(placed.map((order) => [order._id, order]));
    for (const [id, { quantity }] of acknowledged) {
      expect(stored.get(id)?.quantity, `acknowledged order ${id}`).toBe(quantity);
    }
    const stockNow = expectStatus(await client.call(api.catalog.list), 200);
    for (const product of initial) {
      const ordered = placed
        .filter((order) => order.productId === product._id)
        .reduce((sum, order) => sum + order.quantity, 0);
      const now = stockNow.find((p) => p._id === product._id);
      expect(now?.available, product.name).toBe(product.available - ordered);
    }
    return {
      sent,
      acknowledged: acknowledged.size,
      unanswered,
      foundAfterRestart: [...acknowledged.keys()].filter((id) => stored.has(id)).length,
      unansweredButStored: placed.length - acknowledged.size,
    };
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

const report = (where: string, f: Figures) =>
  console.info(
    `crash safety on ${where}: ${f.sent} orders sent, SIGKILL after ${f.acknowledged} acknowledged ` +
      `(${f.unanswered} on the wire); after restart ${f.foundAfterRestart}/${f.acknowledged} ` +
      `acknowledged found, ${f.unansweredButStored} of those on the wire stored whole, stock consistent`,
  );

beforeAll(async () => {
  await buildShared();
}, 120_000);

describe('killed mid-stream with SIGKILL, restarted on the same data', () => {
  let data: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    data = await tempDir('shop-crash-');
  });
  afterAll(async () => {
    await data?.remove();
  });

  it('keeps every acknowledged order and consistent stock on PGlite on disk', async () => {
    const figures = await killMidStream(await freePort(), { DATA_DIR: data.dir });
    report('PGlite', figures);
    expect(figures.foundAfterRestart).toBe(figures.acknowledged);
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'keeps every acknowledged order and consistent stock on PostgreSQL (TEST_DATABASE_URL)',
    async () => {
      const database = await freshPostgresDatabase();
      try {
        const figures = await killMidStream(await freePort(), {
          DATA_DIR: data.dir,
          DATABASE_URL: database.url,
        });
        report('PostgreSQL', figures);
        expect(figures.foundAfterRestart).toBe(figures.acknowledged);
      } finally {
        await database.drop();
      }
    },
    120_000,
  );
});
