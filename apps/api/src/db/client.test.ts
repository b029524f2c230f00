import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
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
