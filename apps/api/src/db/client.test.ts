import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildTestApp,
  tempDir,
  testDatabases,
  type TestApp,
} from '../test-support/build-test-app.js';
import {
  connectDatabase,
  initPgliteDataDir,
  pgliteOptions,
  type Database,
  type Db,
} from './client.js';
import { rowsOf } from './rows.js';

/** One setting as PostgreSQL reports it (`SHOW`). */
async function show(db: Db, name: string): Promise<string> {
  // Both drivers answer { rows }; the Db type of either driver leaves the result untyped.
  const result = (await db.execute(sql.raw(`show ${name}`))) as { rows: Record<string, string>[] };
  return Object.values(result.rows[0]!)[0]!;
}

// docs/decisions/016: PGlite's shared_buffers sits in its WebAssembly memory for good.
describe('PGlite settings', () => {
  let t: TestApp | undefined;
  let database: Database | undefined;
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await t?.close();
    await database?.close();
    for (const cleanup of cleanups.splice(0)) await cleanup();
    t = undefined;
    database = undefined;
    vi.restoreAllMocks();
  });

  it('are passed on top of PGlite start parameters, with durable writes', () => {
    const options = pgliteOptions();
    expect(options.relaxedDurability).toBe(false);
    expect(options.postgresqlconf).toBeUndefined();
    expect(options.startParams?.slice(0, PGlite.defaultStartParams.length)).toEqual(
      PGlite.defaultStartParams,
    );
    expect(options.startParams?.slice(PGlite.defaultStartParams.length)).toEqual([
      '-c',
      'shared_buffers=16MB',
      '-c',
      'TimeZone=UTC',
    ]);
  });

  it.each(testDatabases())(
    "%s: every session keeps the shop's time zone (SHOP_TIME_ZONE): its day is the shop's day",
    async (kind) => {
      t = await buildTestApp(kind, {
        env: { SEED_DEMO_DATA: 'false', SHOP_TIME_ZONE: 'America/New_York' },
      });
      expect(await show(t.db, 'TimeZone')).toBe('America/New_York');
      // 03:30 UTC on 1 March is still the last day of February in New York.
      const [day] = rowsOf<{ day: string }>(
        await t.db.execute(sql`select (timestamptz '2026-03-01 03:30:00Z')::date::text as day`),
      );
      expect(day?.day).toBe('2026-02-28');
    },
  );

  it("are the ones the app's database runs with: shared_buffers 16MB instead of 128MB", async () => {
    t = await buildTestApp('pglite', { env: { SEED_DEMO_DATA: 'false' } });
    expect(await show(t.db, 'shared_buffers')).toBe('16MB');
  });

  it('a new data folder is made by initdb in a child process; the settings leave its postgresql.conf as initdb wrote it', async () => {
    const data = await tempDir('shop-pglite-init-');
    cleanups.push(data.remove);
    const dataDir = path.join(data.dir, 'db');
    const create = vi.spyOn(PGlite, 'create');
    await initPgliteDataDir(dataDir);
    // The database exists, and this process did not start a PGlite to make it.
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(create).not.toHaveBeenCalled();
    const written = readFileSync(path.join(dataDir, 'postgresql.conf'), 'utf8');
    expect(written).toMatch(/^timezone = UTC$/m);

    database = await connectDatabase({ kind: 'pglite', dataDir });
    expect(create).toHaveBeenCalledTimes(1);
    expect(await show(database.db, 'shared_buffers')).toBe('16MB');
    expect(await show(database.db, 'timezone')).toBe('UTC');
    expect(await show(database.db, 'default_text_search_config')).toBe('pg_catalog.english');
    expect(readFileSync(path.join(dataDir, 'postgresql.conf'), 'utf8')).toBe(written);

    // A folder that holds a database is left as it is.
    await database.close();
    database = undefined;
    await initPgliteDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, 'postgresql.conf'), 'utf8')).toBe(written);
  }, 120_000);
});

// PostgreSQL only (TEST_DATABASE_URL): the embedded database has no connection to lose.
if (process.env.TEST_DATABASE_URL) {
  describe('PostgreSQL ends a connection the shop is holding (a restart, a failover)', () => {
    it('the client goes back to the pool at once, its holder gets an error, and the pool closes', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const database = await connectDatabase({ kind: 'postgres', url });
      try {
        let givenBack = false;
        const held = database.db.transaction(async (tx) => {
          const [{ pid }] = rowsOf<{ pid: number }>(
            await tx.execute(sql`select pg_backend_pid() as pid`),
          ) as [{ pid: number }];
          const admin = new pg.Client({ connectionString: url });
          await admin.connect();
          try {
            await admin.query('select pg_terminate_backend($1)', [pid]);
          } finally {
            await admin.end();
          }
          // Given back while its holder is still at work: the pool holds no client any more.
          givenBack = await expect
            .poll(() => database.connections!().open, { timeout: 10_000 })
            .toBe(0)
            .then(
              () => true,
              () => false,
            );
          await tx.execute(sql`select 1`);
        });
        // The holder's error is the connection's (drizzle reports it as its rollback failing),
        // not pg-pool's complaint about a second release.
        const error = await held.then(
          () => null,
          (failure: Error) => failure,
        );
        expect(error?.message).toMatch(/^Failed query: rollback/);
        expect(String(error?.cause)).toMatch(/not queryable|terminat/i);
        expect(givenBack).toBe(true);
        expect(rowsOf(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
      } finally {
        // Resolves: no client is left checked out for the pool to wait for.
        await database.close();
      }
    });
  });
}
