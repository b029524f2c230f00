import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions, type QueryOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config/config.js';
import * as schema from './schema.js';

/** The one database type services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The transaction `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  /** Applies the committed migrations in `apps/api/drizzle/` that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections now (GET /metrics); PGlite has one, in the process. */
  connections?(): { open: number; idle: number; waiting: number };
  /**
   * From now on, tells `watcher` of every statement the shop sends (traces: http/traces.ts,
   * loaded only with OTEL_EXPORTER_OTLP_ENDPOINT). Call it once; until then, and without it,
   * statements go to the driver untouched.
   */
  watchStatements(watcher: StatementWatcher): void;
  /**
   * PGlite: its data directory as one tar, PGlite's own dump (ops/backup.ts). It is taken
   * between two statements, so it is what a crash at that moment would leave: committed
   * transactions whole, one in progress undone when the copy is opened.
   */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * Told of a statement as it goes (docs/decisions/059), with its text only: drizzle sends the
 * values apart, as parameters, and they are never shown to the watcher. The function it answers,
 * if any, is called once the database has answered, with the error when the statement failed.
 */
export type StatementWatcher = (text: string) => ((error?: unknown) => void) | undefined;

/** `src/db` and `dist/db` sit at the same depth, so this finds `apps/api/drizzle` from both. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Every session of the shop's database runs in the shop's time zone (SHOP_TIME_ZONE), whatever
 * the server's own setting: a `date_trunc('day', paid_at)`, a `now()::date` or an
 * `extract(year from now())` is then the shop's day, month or year on PGlite and PostgreSQL alike
 * (DST included), and a date cast to a timestamp is the shop's midnight. Instants themselves
 * (timestamptz) are unaffected: they come back as the same moments.
 */
export async function connectDatabase(
  config: DatabaseConfig,
  { pgliteSnapshot }: { pgliteSnapshot?: Blob } = {},
): Promise<Database> {
  const timeZone = config.timeZone ?? 'UTC';
  return config.kind === 'postgres'
    ? connectPostgres(config.url, timeZone)
    : connectPglite(config.dataDir, timeZone, pgliteSnapshot);
}

/**
 * PostgreSQL settings PGlite runs with, on top of its own (docs/decisions/016). PGlite keeps
 * PostgreSQL's shared memory inside its WebAssembly memory, which never shrinks: the default
 * shared_buffers (128 MB) became about 130 MB of the server's resident memory. 16 MB of cached
 * pages hold the shop's tables and indexes many times over; a page not cached is read back
 * from the operating system's file cache.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '16MB' };

/**
 * The options every PGlite of the shop is created with. The settings go on PostgreSQL's
 * command line (`-c`), after PGlite's own: PGlite's `postgresqlconf` option would instead
 * overwrite the data directory's postgresql.conf, and with it what initdb wrote there (time
 * zone, text search configuration).
 */
export function pgliteOptions(timeZone = 'UTC'): PGliteOptions {
  return {
    // relaxedDurability false: a query resolves only after PGlite has flushed it to the data
    // directory, so whatever the API acknowledged survives a crash or a kill.
    relaxedDurability: false,
    // Migration 0006 creates pg_trgm for Manage All Orders' search; PGlite has no extension
    // files of its own, so its build of pg_trgm is handed to it here.
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries({ ...PGLITE_SETTINGS, TimeZone: timeZone }).flatMap(([name, value]) => [
        '-c',
        `${name}=${value}`,
      ]),
    ],
  };
}

/**
 * Creates a new PGlite database in `dataDir` (initdb) in a child Node process, so that what
 * initdb needs (a second PGlite with its own WebAssembly memory, a copy of it, compiled code:
 * some 350 MB) goes away with that process instead of staying in the server's resident memory
 * for good (docs/decisions/016). Does nothing when the folder already holds a database. If the
 * child cannot do it, the server's own PGlite runs initdb as before and reports any error.
 */
export async function initPgliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script =
    'const [pglite, dataDir] = process.argv.slice(1);' +
    'require(pglite).PGlite.create(dataDir, { relaxedDurability: false })' +
    '.then((db) => db.close()).then(() => process.exit(0), () => process.exit(1));';
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, ['-e', script, pglite, dataDir], { stdio: 'ignore' });
    child.on('error', () => resolve());
    child.on('exit', () => resolve());
  });
}

/**
 * `snapshot`, for an in-memory database only, is a data directory as PGlite's `dumpDataDir`
 * wrote it: the database starts from it instead of from initdb (the tests start each app from
 * one migrated snapshot, test-support/database-templates.ts).
 */
async function connectPglite(
  dataDir: string | null,
  timeZone: string,
  snapshot?: Blob,
): Promise<Database> {
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    await initPgliteDataDir(dataDir);
  }
  const client = await PGlite.create(dataDir ?? undefined, {
    ...pgliteOptions(timeZone),
    ...(snapshot && !dataDir ? { loadDataDir: snapshot } : {}),
  });
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    watchStatements: (watcher) => watchPglite(client, watcher),
    dumpDataDir: async () => {
      // After a checkpoint the copy needs little WAL replayed when it is opened, and sequences
      // restart where they were rather than up to 32 values on, as after a crash.
      await client.exec('checkpoint');
      return client.dumpDataDir('none');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function connectPostgres(url: string, timeZone: string): Promise<Database> {
  // A startup parameter of each connection the pool opens (config.ts checked the name).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c TimeZone=${timeZone}` });
  // An idle client that loses its connection emits 'error'; without a listener that would
  // crash the process. The next query gets a fresh connection instead.
  pool.on('error', () => {});
  pool.on('connect', giveBackOnConnectionLoss);
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
    watchStatements: (watcher) => watchPool(pool, watcher),
    connections: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * A client whose connection the server ends while someone holds it (a restart, a failover) goes
 * back to the pool at once, to be discarded, and its holder's own release later does nothing.
 * Without this, drizzle-orm's transaction(), which sends BEGIN before its try/finally, never
 * released a client whose BEGIN failed: it counted against the pool's 10 for ever, and
 * closing the pool waited for it (test/ops/outages.test.ts found it). A client that has had a
 * connection error never runs another query, so giving it back early loses nothing.
 *
 * The listener also keeps such an 'error' from crashing the process: a client held between two
 * queries (a transaction awaiting its own work) has no listener of the pool's.
 */
function giveBackOnConnectionLoss(client: pg.PoolClient): void {
  // pg-pool sets `release` on each checkout, and throws on a second call: every one it sets
  // is wrapped so that the second call is a no-op.
  let release: pg.PoolClient['release'] | undefined;
  Object.defineProperty(client, 'release', {
    configurable: true,
    get: () => release,
    set(poolRelease: pg.PoolClient['release']) {
      let released = false;
      release = (error) => {
        if (released) return;
        released = true;
        poolRelease(error);
      };
    },
  });
  // In the pool, the wrapper of the last checkout has run and this does nothing: the pool's own
  // idle listener drops the client.
  client.on('error', (error) => release?.(error));
}

/** Sends a statement through `send`, telling `watcher` of it and of its end. */
async function watched<R>(
  watcher: StatementWatcher,
  text: string,
  send: () => Promise<R>,
): Promise<R> {
  const done = watcher(text);
  if (!done) return send();
  try {
    const result = await send();
    done();
    return result;
  } catch (error) {
    done(error);
    throw error;
  }
}

/**
 * PGlite: drizzle sends each statement through `query`, the client's or, in a transaction, the
 * transaction's (PGlite sends BEGIN and COMMIT itself, unseen).
 */
function watchPglite(client: PGlite, watcher: StatementWatcher): void {
  const watchQuery = (query: PGlite['query']): PGlite['query'] =>
    ((text: string, ...rest: [unknown[]?, QueryOptions?]) =>
      watched(watcher, text, () => query(text, ...rest))) as PGlite['query'];
  client.query = watchQuery(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      tx.query = watchQuery(tx.query);
      return callback(tx);
    });
}

/**
 * node-postgres: drizzle sends a statement through the pool's `query` (a connection of the
 * pool's choosing) or, in a transaction, through the connection it took with `connect()`. Both
 * are watched where drizzle calls them, so each statement is seen from the work that sent it
 * (the request of its trace); the pool's own calls of a connection's `query` are not watched
 * twice. A connection is handed out as a view of it with a watched `query` (release and the rest
 * are the connection's), so the pool keeps its connections as they are.
 */
function watchPool(pool: pg.Pool, watcher: StatementWatcher): void {
  const watchQuery = (query: (...args: unknown[]) => unknown) =>
    ((...args: unknown[]) => {
      const [statement] = args;
      const text =
        typeof statement === 'string'
          ? statement
          : (statement as { text?: unknown } | undefined)?.text;
      // A callback or a stream (neither is drizzle's way) goes past unwatched.
      if (typeof text !== 'string' || args.some((arg) => typeof arg === 'function')) {
        return query(...args);
      }
      return watched(watcher, text, () => query(...args) as Promise<unknown>);
    }) as pg.Pool['query'];
  pool.query = watchQuery(pool.query.bind(pool) as (...args: unknown[]) => unknown);
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) => {
    if (callback) return connect(callback);
    return connect().then((connection) => {
      const view = Object.create(connection) as pg.PoolClient;
      view.query = watchQuery(connection.query.bind(connection) as (...args: unknown[]) => unknown);
      return view;
    });
  }) as pg.Pool['connect'];
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
