import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import * as schema from './schema.js';

/** The one database type services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  /** Applies the committed migrations in `apps/api/drizzle/` that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** `src/db` and `dist/db` sit at the same depth, so this finds `apps/api/drizzle` from both. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function connectDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'postgres' ? connectPostgres(config.url) : connectPglite(config.dataDir);
}

async function connectPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // relaxedDurability false: a query resolves only after PGlite has flushed it to the data
  // directory, so whatever the API acknowledged survives a crash or a kill.
  const client = await PGlite.create(dataDir ?? undefined, { relaxedDurability: false });
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function connectPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection emits 'error'; without a listener that would
  // crash the process. The next query gets a fresh connection instead.
  pool.on('error', () => {});
  // Fail at start, with the driver's message, when the server cannot be reached.
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end();
    throw new Error(
      `DATABASE_URL: cannot connect to PostgreSQL at ${postgresAddress(url)} (${reasonOf(error)})`,
      {
        cause: error,
      },
    );
  }
  const db = drizzleNodePg({ client: pool, schema });
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** host:port/database of a postgres:// URL, without the user and password. */
function postgresAddress(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return `${host}${pathname}`;
  } catch {
    return 'the configured address';
  }
}

/** Node reports a refused connection to a name with several addresses as an AggregateError. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message) {
    return error.errors.map((inner: unknown) => reasonOf(inner)).join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}
