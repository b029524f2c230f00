import http from 'node:http';
import { api, createApiClient, expectStatus, type ApiClient, type Callable } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../src/seed/seed-data.js';
import { tempDir } from '../../src/test-support/build-test-app.js';
import {
  buildShared,
  freePort,
  signInOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../src/test-support/server-process.js';

/** The server as a process: how it stops on SIGTERM and how it refuses to start. */

/**
 * A call with a body on a connection of its own, held in flight: it sends the headers with
 * `Expect: 100-continue` and the body only when `send()` is called. `accepted` resolves when the
 * server has answered 100 Continue, so the request is being served when the test goes on, however
 * fast or slow the machine is.
 */
function sendHeldInFlight(
  client: ApiClient,
  route: Callable,
  body: string,
  headers: Record<string, string>,
) {
  let accepted!: Promise<void>;
  let send!: () => void;
  const status = new Promise<number>((resolve, reject) => {
    const request = http.request(client.url(route), {
      method: route.method,
      agent: false,
      headers: {
        ...headers,
        expect: '100-continue',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    accepted = new Promise((done) => request.once('continue', done));
    send = () => request.end(body);
    request.once('response', (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('error', reject);
    request.flushHeaders();
  });
  return { accepted, send, status };
}

const buyer = demoUsers.find((user) => !user.admin)!;

beforeAll(async () => {
  await buildShared();
}, 120_000);

describe('SIGTERM', () => {
  let data: Awaited<ReturnType<typeof tempDir>>;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    data = await tempDir('shop-sigterm-');
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await data?.remove();
  });

  it('lets the requests in flight finish, then exits with 0', async () => {
    server = await startServerProcess({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // The demo buyer signs in with the published password (random ones: auth/safe-by-default.test.ts).
      DEMO_PASSWORDS: 'fixed',
      LOG_LEVEL: 'error',
      DATA_DIR: data.dir,
      AUTH_SECRET: 'sigterm-test-secret-that-is-long-enough-0123',
      RATE_LIMIT_MAX: '100000',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      // One buyer places the 20 orders in flight, more than a customer may hold unpaid.
      UNPAID_ORDERS_MAX: '1000',
    });
    const { url } = server;
    const client = createApiClient({ baseUrl: url });
    const token = await signInOverHttp(url, buyer);
    const [product] = expectStatus(await client.call(api.catalog.list), 200);
    if (!product) throw new Error('the demo catalogue is empty');

    // Twenty orders, each on its own connection, that the server has begun to serve when the
    // signal comes; their bodies follow the signal, so every answer comes after it.
    const body = JSON.stringify({
      productId: product._id,
      quantity: product.minimum,
      number: '+(555) 123-4567',
      address: '12 Harbour Road, Springfield',
    });
    const orders = Array.from({ length: 20 }, () =>
      sendHeldInFlight(client, api.orders.place, body, { authorization: `Bearer ${token}` }),
    );
    await Promise.all(orders.map((order) => order.accepted));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    // Past the quiet moment the server waits for before it closes: the bodies reach a server
    // that is closing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const order of orders) order.send();

    const statuses = await Promise.all(orders.map((order) => order.status));
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 201));
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(15_000);
    expect(server.stderr()).toBe('');
    // Not listening any more.
    await expect(client.call(api.settings.health)).rejects.toThrow();
  }, 90_000);
});

describe('starting with a bad configuration', () => {
  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/shop' }],
    ['REDIS_URL', { REDIS_URL: 'http://127.0.0.1:6379' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'too-short' }],
    ['PORT and ORDER_HOLD_HOURS', { PORT: '99999', ORDER_HOLD_HOURS: 'soon' }],
  ])('prints one line naming %s and exits with 1', async (_what, env) => {
    const server = await startServerProcess(env, { wait: false });
    const { code } = await server.exited;
    expect(code).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    for (const name of Object.keys(env)) expect(lines[0]).toContain(name);
  });

  it.each([
    ['a PostgreSQL that does not answer', 'DATABASE_URL', 'postgres://shop@127.0.0.1:3598/shop'],
    ['a Redis that does not answer', 'REDIS_URL', 'redis://127.0.0.1:3599'],
  ])(
    'prints one line naming the variable for %s and exits with 1',
    async (_what, name, value) => {
      const data = await tempDir('shop-bad-start-');
      try {
        const server = await startServerProcess(
          {
            PORT: String(await freePort()),
            DATA_DIR: data.dir,
            LOG_LEVEL: 'silent',
            [name]: value,
          },
          { wait: false },
        );
        const { code } = await server.exited;
        expect(code).toBe(1);
        const lines = server.stderr().trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(new RegExp(`^Failed to start: ${name}: cannot connect to`));
        expect(lines[0]).toContain('127.0.0.1:359');
      } finally {
        await data.remove();
      }
    },
    60_000,
  );
});
