import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { api, createApiClient, expectStatus, signUpForToken } from '@shop/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoUsers } from '../../src/seed/seed-data.js';
import { tempDir } from '../../src/test-support/build-test-app.js';
import {
  apiDir,
  baseEnv,
  buildShared,
  freePort,
  freshPostgresDatabase,
  repoDir,
  signInOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../src/test-support/server-process.js';

/**
 * Upgrades without downtime (decision 057): an instance of the previous release (the code as it
 * was just before the newest migration was committed, taken out of git) serves a PostgreSQL
 * database; an instance of this release starts on the same database and applies the newest
 * migration under it; the old instance must go on answering catalogue reads, a signed-in read and
 * a purchase, and the new one must read that purchase. "Newest" comes from the journal, so the
 * test follows each migration added. PostgreSQL only: PGlite's folder opens in one process.
 */

const run = promisify(execFile);
const admin = demoUsers.find((user) => user.admin)!;

async function git(args: string[]): Promise<string> {
  try {
    return (await run('git', args, { cwd: repoDir, maxBuffer: 1 << 20 })).stdout.trim();
  } catch (error) {
    throw new Error(
      `the upgrade test takes the previous release out of git and could not (git ${args.join(' ')}): ${String(error)}`,
    );
  }
}

/** The newest migration by the journal, and the commit before the one that added it. */
async function previousRelease() {
  const journal = JSON.parse(
    await readFile(join(apiDir, 'drizzle/meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const newest = journal.entries.at(-1)!.tag;
  if ((await git(['rev-parse', '--is-shallow-repository'])) !== 'false') {
    throw new Error(
      'the upgrade test needs the git history to find the previous release, and this clone is ' +
        'shallow: run `git fetch --unshallow` (or check out with fetch-depth 0)',
    );
  }
  const added = await git([
    'log',
    '--diff-filter=A',
    '--format=%H',
    '--',
    `apps/api/drizzle/${newest}.sql`,
  ]);
  // A migration not committed yet: the previous release is what is committed.
  const commit = added ? `${added.split('\n')[0]}^` : 'HEAD';
  return { newest, migrations: journal.entries.length, commit };
}

/** Symlinks in `to` to every entry of `from` that `keep` keeps (none if `from` is missing). */
async function linkEntries(from: string, to: string, keep: (name: string) => boolean) {
  const names = await readdir(from).catch(() => []);
  await mkdir(to, { recursive: true });
  await Promise.all(names.filter(keep).map((name) => symlink(join(from, name), join(to, name))));
}

/**
 * The previous release's api and shared packages in `dir`, runnable with this checkout's
 * installed packages: the working tree is never touched.
 */
async function extractRelease(commit: string, dir: string) {
  await mkdir(dir);
  const archive = join(dir, 'release.tar');
  const paths = ['apps/api', 'packages/shared', 'package.json', 'tsconfig.base.json'];
  await git(['archive', '--format=tar', '-o', archive, commit, ...paths]);
  await run('tar', ['-xf', archive, '-C', dir]);
  await rm(archive);
  await linkEntries(join(repoDir, 'node_modules'), join(dir, 'node_modules'), (n) => n !== '@shop');
  await mkdir(join(dir, 'node_modules/@shop'));
  await symlink(join(dir, 'packages/shared'), join(dir, 'node_modules/@shop/shared'));
  await symlink(join(dir, 'apps/api'), join(dir, 'node_modules/@shop/api'));
  // What npm could not hoist (a second better-auth) lives under apps/api.
  await linkEntries(
    join(apiDir, 'node_modules'),
    join(dir, 'apps/api/node_modules'),
    (n) => !n.startsWith('.'),
  );
  // The JavaScript of its dist/ as `tsc -b` writes it, without the type check and declarations
  // (only the compiler reads those): a third of the time.
  await run(process.execPath, [
    join(repoDir, 'node_modules/typescript/bin/tsc'),
    ...['-p', join(dir, 'packages/shared'), '--noCheck', '--composite', 'false'],
    ...['--declaration', 'false', '--sourceMap', 'false'],
  ]);
}

/**
 * The previous release's src/main.ts, run as startServerProcess runs this release's, with its log
 * (stdout) kept: what its request handlers and workers logged as errors after the migration.
 */
async function startRelease(
  dir: string,
  env: Record<string, string>,
): Promise<ServerProcess & { log: () => string }> {
  const cwd = join(dir, 'apps/api');
  const child = spawn(process.execPath, ['--import', 'tsx', join(cwd, 'src/main.ts')], {
    cwd,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let log = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    log += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server = {
    url: `http://127.0.0.1:${env.PORT}`,
    child,
    stderr: () => stderr,
    log: () => log,
    exited,
  };
  const client = createApiClient({ baseUrl: server.url });
  try {
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) return;
        expect((await client.call(api.settings.health)).status).toBe(200);
      },
      { timeout: 60_000, interval: 200 },
    );
    if (child.exitCode !== null) throw new Error('it exited');
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`the previous release did not start (${String(error)}): ${stderr.trim()}`);
  }
  return server;
}

/** Migrations applied to the database, by drizzle's own table. */
async function appliedMigrations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from drizzle.__drizzle_migrations',
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  'an upgrade: the newest migration applied under a running instance of the previous release',
  () => {
    let work: Awaited<ReturnType<typeof tempDir>>;
    let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
    let release: Awaited<ReturnType<typeof previousRelease>>;
    let previous: Awaited<ReturnType<typeof startRelease>> | undefined;
    let current: ServerProcess | undefined;
    let productId: string;
    let customer: { email: string; token: string };

    beforeAll(async () => {
      release = await previousRelease();
      await buildShared();
      work = await tempDir('shop-upgrade-');
      await extractRelease(release.commit, join(work.dir, 'release'));
      database = await freshPostgresDatabase();
      const env = async () => ({
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        DATA_DIR: join(work.dir, 'data'),
        // The demo admin adds the product, with the published password.
        SEED_DEMO_DATA: 'true',
        DEMO_PASSWORDS: 'fixed',
        LOG_LEVEL: 'error',
        // Both instances accept the tokens either issued, as behind one load balancer.
        AUTH_SECRET: 'upgrade-test-secret-that-is-long-enough-0001',
        WEB_DIST_DIR: '/nonexistent-web-dist',
      });

      previous = await startRelease(join(work.dir, 'release'), await env());
      const before = `the previous release's migrations, without ${release.newest}`;
      expect(await appliedMigrations(database.url), before).toBe(release.migrations - 1);
      const client = createApiClient({ baseUrl: previous.url });
      const adminToken = await signInOverHttp(previous.url, admin);
      const created = await client.call(
        api.catalog.create,
        {
          body: {
            name: 'Upgrade test NVMe 2TB',
            img: '/images/products/ssd.svg',
            description: 'A drive bought while the shop upgrades.',
            price: 120,
            minimum: 1,
            available: 10,
          },
        },
        { token: adminToken },
      );
      productId = expectStatus(created, 201).insertedId;
      const email = `upgrade-${randomBytes(4).toString('hex')}@example.com`;
      const session = await signUpForToken(client, api, {
        name: 'Uma Upgrade',
        email,
        password: 'Upgrade#2026',
      });
      customer = { email, token: session.token };

      current = await startServerProcess(await env());
      expect(await appliedMigrations(database.url), release.newest).toBe(release.migrations);
    }, 180_000);

    afterAll(async () => {
      for (const server of [current, previous]) {
        if (!server) continue;
        server.child.kill('SIGKILL');
        await server.exited;
      }
      await database?.drop();
      await work?.remove();
    });

    /**
     * An answer of the previous release, checked for `status`; a failure shows what it logged,
     * which names the query and the column that broke.
     */
    async function fromPrevious<A extends { status: number; body: unknown }>(
      call: Promise<A>,
      status: number,
    ) {
      const answer = await call;
      const why = `the previous release answered ${answer.status}, ${JSON.stringify(answer.body)}; its log:\n${previous!.log()}`;
      expect(answer.status, why).toBe(status);
      return answer;
    }

    it('still serves the catalogue from the previous release', async () => {
      const old = createApiClient({ baseUrl: previous!.url });
      const product = expectStatus(
        await fromPrevious(old.call(api.catalog.get, { params: { id: productId } }), 200),
        200,
      );
      expect(product.name).toBe('Upgrade test NVMe 2TB');
      const list = expectStatus(await fromPrevious(old.call(api.catalog.list), 200), 200);
      expect(list.map((item) => item._id)).toContain(productId);
      const found = await fromPrevious(old.call(api.catalog.search, { query: { q: 'NVMe' } }), 200);
      expect(expectStatus(found, 200).items.map((item) => item._id)).toContain(productId);
    });

    it('still takes a purchase on the previous release, which the new release reads', async () => {
      const old = createApiClient({ baseUrl: previous!.url });
      const own = () =>
        old.call(
          api.purchases.listOwn,
          { query: { email: customer.email } },
          { token: customer.token },
        );
      expect(expectStatus(await fromPrevious(own(), 200), 200).items).toEqual([]);

      // SPEC's oldest road: POST /order, one product.
      const placed = await fromPrevious(
        old.call(
          api.orders.place,
          {
            body: {
              productId,
              quantity: 2,
              number: '+(555) 123-4567',
              address: '12 Harbour Road, Springfield',
            },
          },
          { token: customer.token },
        ),
        201,
      );
      const { purchaseId, insertedId } = expectStatus(placed, 201);
      const mine = expectStatus(await fromPrevious(own(), 200), 200);
      expect(mine.items.map((purchase) => purchase._id)).toEqual([purchaseId]);

      const next = createApiClient({ baseUrl: current!.url });
      const purchase = await next.call(
        api.purchases.get,
        { params: { id: purchaseId } },
        { token: customer.token },
      );
      expect(expectStatus(purchase, 200).email).toBe(customer.email);
      const order = await next.call(
        api.orders.get,
        { params: { id: insertedId } },
        { token: customer.token },
      );
      expect(expectStatus(order, 200)).toMatchObject({ productId, quantity: 2 });
      const product = await next.call(api.catalog.get, { params: { id: productId } });
      expect(expectStatus(product, 200).available).toBe(8);

      // Nor did its workers fail on the new shape meanwhile (it logs errors only).
      expect(previous!.child.exitCode).toBeNull();
      expect(previous!.log(), 'what the previous release logged').toBe('');
    });
  },
);
