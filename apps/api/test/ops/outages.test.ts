import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { api } from '@shop/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../src/test-support/build-test-app.js';
import { newUser, signUp } from '../../src/test-support/identity.js';
import { inject } from '../../src/test-support/inject.js';
import { addProduct, orderTestEnv } from '../../src/test-support/shop.js';

/**
 * What the shop does when the Redis of REDIS_URL goes away while it runs, and when it comes
 * back (docs/operations.md, "When something is down"): the catalogue and the API go on, signing
 * in answers an error at once instead of hanging, and all is as before once Redis is back,
 * without a restart.
 */

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** A Redis of the test's own, on `port`, that keeps nothing on disk; ready when answered. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // Ready when it says so; a Redis that exits first (the port taken) fails the test.
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

describe('Redis goes away while the shop runs, and comes back', () => {
  let port: number;
  let redis: ChildProcess;
  let t: TestApp;
  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await buildTestApp('pglite', {
      env: orderTestEnv({
        REDIS_URL: `redis://127.0.0.1:${port}`,
        REDIS_KEY_PREFIX: `outage-${randomBytes(4).toString('hex')}:`,
      }),
    });
  });
  afterAll(async () => {
    await t?.close();
    if (redis) await stop(redis);
  });

  it('serves the catalogue meanwhile, answers sign-in at once with an error, and recovers on its own', async () => {
    const user = newUser();
    await signUp(t, user);
    const product = await addProduct(t, { name: 'Outage-proof PSU 850 W', price: 120 });
    const signIn = () =>
      inject(t, api.auth.signIn, { body: { email: user.email, password: user.password } });
    expect((await signIn()).statusCode).toBe(200);

    await stop(redis);
    // The catalogue does not need Redis; the API limit lets requests through while it is away.
    const item = await inject(t, api.catalog.get, { params: { id: product._id } });
    expect(item.statusCode).toBe(200);
    // Signing in needs the session store: an error, at once, with the shop's error body.
    const started = Date.now();
    const refused = await signIn();
    expect(refused.statusCode).toBeGreaterThanOrEqual(500);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(refused.body).not.toContain('at ');

    redis = await startRedis(port);
    // The client reconnects by itself (at most 2 s between tries): signing in works again.
    await expect.poll(async () => (await signIn()).statusCode, { timeout: 30_000 }).toBe(200);
  });
});

// PostgreSQL only (TEST_DATABASE_URL): the embedded database cannot go away on its own.
if (process.env.TEST_DATABASE_URL) {
  describe('PostgreSQL drops every connection (a restart, a failover)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('postgres', { env: orderTestEnv() });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('the next requests are served on new connections, without a restart', async () => {
      const product = await addProduct(t, { name: 'Failover-proof SSD 1 TB', price: 89 });
      expect((await inject(t, api.settings.health)).statusCode).toBe(200);

      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
           where datname = $1 and pid <> pg_backend_pid()`,
          [t.postgresDatabase],
        );
        expect(rows.length).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      // A request may meet a connection the server just closed; the pool then opens new ones.
      await expect
        .poll(async () => (await inject(t, api.settings.health)).statusCode, { timeout: 20_000 })
        .toBe(200);
      const item = await inject(t, api.catalog.get, { params: { id: product._id } });
      expect(item.statusCode).toBe(200);
      const buyer = await signUp(t, newUser());
      expect(buyer.cookie).toBeTruthy();
    });
  });
}
