// What `npm run bench` and `npm run lighthouse` share: the production server started in a child
// process on a fresh data directory, waiting for it to answer, and cleaning up after both.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

const children = [];
const tempDirs = [];
const onExit = [];

/** A temporary folder, removed by `cleanUp`. */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Runs `stop` when the script ends or is interrupted (before the children are killed). */
export function atExit(stop) {
  onExit.push(stop);
}

function killChildren() {
  for (const stop of onExit) stop();
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
}
process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killChildren();
    process.exit(130);
  });
}

/**
 * Stops the children, waits for them to exit (a server that is stopping still finishes its
 * requests and writes their emails to its outbox), then removes the temporary folders.
 */
export async function cleanUp() {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  killChildren();
  let timer;
  const bound = new Promise((resolve) => {
    timer = setTimeout(resolve, 30_000);
  });
  await Promise.race([Promise.all(exited), bound]);
  clearTimeout(timer);
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  for (const dir of tempDirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/** Starts a Node script as a child that `cleanUp` stops. */
export function spawnNode(args, options) {
  const child = spawn(process.execPath, args, { cwd: root, ...options });
  children.push(child);
  return child;
}

/**
 * The production server (apps/api/dist/main.js) on 127.0.0.1:`port` with demo data in a fresh
 * data directory and limits a load test does not hit. `env` adds to or overrides that; the
 * caller's DATABASE_URL, PUBLIC_URL and REDIS_URL are not inherited unless given in `env`.
 */
export function startShop(port, env = {}, stdio = ['ignore', 'inherit', 'inherit']) {
  const childEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: tempDir('shop-run-data-'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_MAX: '100000',
    // The order benchmark's ~50 customers each place hundreds of unpaid orders.
    UNPAID_ORDERS_MAX: '1000000',
    SEED_DEMO_DATA: 'true',
    // The benchmarks sign in as the demo admin on their own throwaway shop on 127.0.0.1.
    DEMO_PASSWORDS: 'fixed',
  };
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'REDIS_URL']) delete childEnv[name];
  const child = spawnNode([join(root, 'apps/api/dist/main.js')], {
    env: { ...childEnv, ...env },
    stdio,
  });
  child.on('exit', (code, signal) => {
    if (code !== null && code !== 0)
      console.error(`server on port ${port} exited with ${code ?? signal}`);
  });
  return child;
}

/**
 * packages/shared as the build made it (its dist): the contracts and the API client. Imported
 * only once `ensureBuild` has run, as a static import would fail on a fresh clone, before the
 * build.
 */
export function importShared() {
  return import('@shop/shared');
}

/** Resolves once the health endpoint at `base` answers 200; throws if `child` exits or time runs out. */
export async function waitForHealth(base, child, timeoutMs = 60_000) {
  const { api, createApiClient } = await importShared();
  const client = createApiClient({ baseUrl: base });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server for ${base} exited early`);
    try {
      if ((await client.call(api.settings.health)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server for ${base} was not healthy after ${timeoutMs} ms`);
}
