import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { api, createApiClient, expectStatus, type ApiClient } from '@shop/shared';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A port nobody listens on right now, chosen by the OS, so no stale server can answer on it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Starts the shop as `npm start` does, on a fresh port and the given data folder, and waits until
 * it answers. Returns the child and a client of its API.
 */
async function startShop(dataDir: string): Promise<{ child: ChildProcess; shop: ApiClient }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const shop = createApiClient({ baseUrl: `http://127.0.0.1:${port}` });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!running(child))
      throw new Error(`the shop exited with ${child.exitCode ?? child.signalCode}`);
    try {
      const healthy = (await shop.call(api.settings.health)).status === 200;
      // Only our child counts: had another process taken the port, ours would have exited.
      if (healthy && running(child)) return { child, shop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the shop did not start within 60 s');
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test('the shop seeds demo data once and keeps everything across a restart', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-restart-'));
  let child: ChildProcess | undefined;
  try {
    let shop: ApiClient;
    ({ child, shop } = await startShop(dataDir));
    const items = expectStatus(await shop.call(api.catalog.list), 200);
    expect(items.length).toBeGreaterThanOrEqual(9);
    const subscribe = () =>
      shop.call(api.newsletter.subscribe, { body: { email: 'purchasing@example.com' } });
    expect((await subscribe()).status).toBe(201);
    await stop(child);

    ({ child, shop } = await startShop(dataDir));
    const again = expectStatus(await shop.call(api.catalog.list), 200);
    expect(again.map((i) => i._id)).toEqual(items.map((i) => i._id)); // no re-seed
    const repeat = await subscribe();
    // The subscriber written before the restart is still there.
    expect(expectStatus(repeat, 200)).toMatchObject({ alreadySubscribed: true });
    await stop(child);
  } finally {
    // A failed check must not leave a shop behind to answer on some port later.
    if (child && running(child)) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
