import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { connectDatabase, migrationsFolder } from '../db/client.js';

/**
 * Migrated, empty databases every test app starts from, so that no test file pays for initdb
 * and every migration again: initdb alone took PGlite 2.6 s of a 3.3 s start, and the suite
 * builds hundreds of apps. One template per state of `apps/api/drizzle/`: its name carries a
 * hash of the migrations, so a changed or added migration makes a new template and no test
 * ever runs on a stale schema. Each test file's worker builds what is missing (the first one
 * does the work; a race only repeats it) and reuses it from then on.
 */

/** The versions of what writes and reads a template: another release makes another template. */
function engineVersions(): string {
  const require = createRequire(import.meta.url);
  return ['@electric-sql/pglite', 'drizzle-orm']
    .map((name) => {
      // Their package.json is not exported: found by walking up from the entry point.
      let dir = path.dirname(require.resolve(name));
      while (dir !== path.dirname(dir)) {
        const file = path.join(dir, 'package.json');
        if (existsSync(file)) {
          const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
            name?: string;
            version?: string;
          };
          if (manifest.name === name) return `${name}@${manifest.version ?? ''}`;
        }
        dir = path.dirname(dir);
      }
      return `${name}@unknown`;
    })
    .join(',');
}

/** A hash of every migration file, the journal that orders them, and PGlite's and drizzle's versions. */
export function migrationsHash(folder = migrationsFolder): string {
  const hash = createHash('sha256').update(engineVersions()).update('\0');
  const files = [
    ...readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .sort(),
    'meta/_journal.json',
  ];
  for (const name of files)
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(path.join(folder, name)));
  return hash.digest('hex').slice(0, 16);
}

const SNAPSHOT_PREFIX = 'shop-test-pglite-';
const DAY_MS = 86_400_000;

/**
 * Removes the snapshots of other migrations not touched for a day (a run reads its own for as
 * long as it lasts), so the temp folder does not fill up with one per schema ever tested.
 */
async function removeStaleSnapshots(keep: string) {
  const folder = path.dirname(keep);
  for (const name of await readdir(folder)) {
    const file = path.join(folder, name);
    if (!name.startsWith(SNAPSHOT_PREFIX) || file === keep) continue;
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > DAY_MS) await rm(file, { force: true });
  }
}

let pgliteSnapshot: Promise<Blob> | undefined;

/**
 * The migrated PGlite data directory as a tarball, cached in the temp folder (written under a
 * temporary name and renamed, so a reader never sees half a file).
 */
export function migratedPgliteSnapshot(): Promise<Blob> {
  pgliteSnapshot ??= (async () => {
    const file = path.join(os.tmpdir(), `${SNAPSHOT_PREFIX}${migrationsHash()}.tar`);
    if (!existsSync(file)) {
      const database = await connectDatabase({ kind: 'pglite', dataDir: null });
      try {
        await database.migrate();
        const client = (database.db as unknown as { $client: PGlite }).$client;
        const dump = await client.dumpDataDir('none');
        const partial = `${file}.${randomBytes(6).toString('hex')}`;
        await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
        await rename(partial, file).catch(() => rm(partial, { force: true }));
        await removeStaleSnapshots(file);
      } finally {
        await database.close();
      }
    }
    return new Blob([await readFile(file)]);
  })();
  // A failure is not remembered: the next app of this worker tries again.
  pgliteSnapshot.catch(() => {
    pgliteSnapshot = undefined;
  });
  return pgliteSnapshot;
}

let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a migrated PostgreSQL database on TEST_DATABASE_URL's server to copy with
 * `create database … template`. Built under a temporary name and renamed when complete,
 * under an advisory lock so that concurrent test files build it once.
 */
export function migratedPostgresTemplate(adminUrl: string, urlOf: (name: string) => string) {
  postgresTemplate ??= (async () => {
    const name = `shop_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`select pg_advisory_lock(hashtext('shop test template'))`);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [
        name,
      ]);
      if (!rowCount) {
        const building = `${name}_${randomBytes(4).toString('hex')}`;
        await admin.query(`create database "${building}"`);
        try {
          const database = await connectDatabase({ kind: 'postgres', url: urlOf(building) });
          try {
            await database.migrate();
          } finally {
            await database.close();
          }
          await admin.query(`alter database "${building}" rename to "${name}"`);
        } catch (error) {
          await admin.query(`drop database if exists "${building}" with (force)`);
          throw error;
        }
      }
    } finally {
      await admin.end();
    }
    return name;
  })();
  postgresTemplate.catch(() => {
    postgresTemplate = undefined;
  });
  return postgresTemplate;
}
