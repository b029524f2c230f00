import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Starts the shop as `npm start` does, on its own port and data folder, and waits until it answers. */
async function startShop(port: number, dataDir: string): Promise<ChildProcess> {
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
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
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
  const port = 3190 + test.info().parallelIndex;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-restart-'));
  const base = `http://127.0.0.1:${port}/api`;
  try {
    let shop = await startShop(port, dataDir);
    const items = (await (await fetch(`${base}/items`)).json()) as Array<{ _id: string }>;
    expect(items.length).toBeGreaterThanOrEqual(9);
    const subscribe = () =>
      fetch(`${base}/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'purchasing@example.com' }),
      });
    expect((await subscribe()).status).toBe(201);
    await stop(shop);

    shop = await startShop(port, dataDir);
    const again = (await (await fetch(`${base}/items`)).json()) as Array<{ _id: string }>;
    expect(again.map((i) => i._id)).toEqual(items.map((i) => i._id)); // no re-seed
    const repeat = await subscribe();
    expect(repeat.status).toBe(200); // the subscriber written before the restart is still there
    expect(await repeat.json()).toMatchObject({ alreadySubscribed: true });
    await stop(shop);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
