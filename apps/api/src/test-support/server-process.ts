import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { api, apiPath, createApiClient, signInForToken } from '@shop/shared';
import pg from 'pg';

/**
 * The real server as a child process, as `npm start` runs it, for the tests that kill, stop or
 * misconfigure it. It runs from source through tsx rather than from `dist/`: a build in the test
 * would cost a minute on a small machine and could pick up another change half-written, and a
 * `dist/` left from an earlier build could be stale. `@shop/shared` is imported from its `dist/`
 * even so, so `buildShared` brings that up to date first (a no-op when it is).
 */

const run = promisify(execFile);
export const apiDir = fileURLToPath(new URL('../..', import.meta.url));
export const repoDir = fileURLToPath(new URL('../../../..', import.meta.url));
const mainTs = fileURLToPath(new URL('../main.ts', import.meta.url));

export async function buildShared() {
  await run(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'packages/shared'], {
    cwd: repoDir,
  });
}

/**
 * Only what the server needs from the test's own environment: a DATABASE_URL, REDIS_URL or
 * PORT the person running the tests happens to have set must not leak in.
 */
export function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SYSTEMROOT'];
  return Object.fromEntries(
    keep.flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : [])),
  );
}

/**
 * A port nothing listens on now, from the system: a fixed port could be held by a server another
 * run left behind, which would answer in place of the one under test.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs src/main.ts with `env` and nothing else; `wait` false skips waiting for /api/health. */
export async function startServerProcess(
  env: Record<string, string>,
  { wait = true, timeoutMs = 60_000 } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: apiDir,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    url: `http://127.0.0.1:${env.PORT}`,
    child,
    stderr: () => stderr,
    exited,
  };
  if (!wait) return server;

  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const client = createApiClient({ baseUrl: server.url });
  while (Date.now() < deadline && !ended) {
    try {
      const response = await client.call(api.settings.health);
      if (response.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  const health = `${api.settings.health.method} ${apiPath(api.settings.health)}`;
  throw new Error(`the server did not start: ${stderr.trim() || `no answer to ${health}`}`);
}

/** Signs a person in over HTTP as the web app does; answers their shop token. */
export async function signInOverHttp(
  url: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const client = createApiClient({ baseUrl: url });
  return (await signInForToken(client, api, credentials)).token;
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server; `drop` removes it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_proc_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}
