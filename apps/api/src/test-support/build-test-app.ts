import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type AppConfig, type DatabaseConfig } from '../config/config.js';
import { connectDatabase, type Database, type Db } from '../db/client.js';
import { createServer, type App } from '../server.js';
import { migratedPgliteSnapshot, migratedPostgresTemplate } from './database-templates.js';

/**
 * The databases every API test file runs on: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL points at a server (CI sets it). Use as `describe.each(testDatabases())`.
 */
export type TestDatabaseKind = 'pglite' | 'postgres';
export function testDatabases(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults, read by the real `loadConfig`. */
  env?: Record<string, string>;
  /** PGlite only: keep the database in this directory instead of in memory. */
  pgliteDir?: string;
  /** PostgreSQL only: reuse this database (made by an earlier test app) instead of a new one. */
  postgresDatabase?: string;
}

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  config: AppConfig;
  /** PostgreSQL only: the name of the database made for this app. */
  postgresDatabase?: string;
  /** Closes the app (and its database). Keeps a PostgreSQL database when `keep` is true. */
  close(options?: { keep?: boolean }): Promise<void>;
}

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database that `buildTestApp` created on PostgreSQL. */
export async function dropTestDatabase(name: string) {
  await adminQuery(`drop database if exists "${name}" with (force)`);
}

/**
 * Boots the real app through server.ts's `createServer` (migrations, seed, plugins, routes)
 * on a fresh database: in-memory PGlite, or a uniquely named PostgreSQL database so parallel
 * test files never see each other's rows. Either starts as a copy of the migrated template
 * (database-templates.ts), so the app's own migrate finds nothing left to do. Requests go
 * through `app.inject`.
 */
export async function buildTestApp(
  kind: TestDatabaseKind,
  options: TestAppOptions = {},
): Promise<TestApp> {
  // A web build dir that does not exist unless a test supplies one: tests never depend on
  // whether the web app happens to be built on this machine.
  const noWebDist = path.join(os.tmpdir(), `shop-no-web-dist-${randomBytes(6).toString('hex')}`);
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: noWebDist, ...options.env },
    os.tmpdir(),
  );

  let databaseConfig: DatabaseConfig;
  let postgresDatabase: string | undefined;
  let createdDatabase = false;
  if (kind === 'postgres') {
    if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set.');
    postgresDatabase = options.postgresDatabase;
    if (!postgresDatabase) {
      postgresDatabase = `shop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
      const template = await migratedPostgresTemplate(process.env.TEST_DATABASE_URL, databaseUrl);
      await adminQuery(`create database "${postgresDatabase}" template "${template}"`);
      createdDatabase = true;
    }
    databaseConfig = {
      kind: 'postgres',
      url: databaseUrl(postgresDatabase),
      timeZone: config.timeZone,
    };
  } else {
    databaseConfig = {
      kind: 'pglite',
      dataDir: options.pgliteDir ?? null,
      timeZone: config.timeZone,
    };
  }
  config.database = databaseConfig;

  let database: Database;
  let app: App;
  try {
    database = await connectDatabase(databaseConfig, {
      pgliteSnapshot:
        databaseConfig.kind === 'pglite' && !databaseConfig.dataDir
          ? await migratedPgliteSnapshot()
          : undefined,
    });
    app = await createServer(config, { database });
    await app.ready();
  } catch (error) {
    if (createdDatabase && postgresDatabase) await dropTestDatabase(postgresDatabase);
    throw error;
  }

  return {
    app,
    db: database.db,
    database,
    config,
    postgresDatabase,
    async close({ keep = false } = {}) {
      await app.close();
      if (postgresDatabase && !keep) await dropTestDatabase(postgresDatabase);
    },
  };
}

/** A fresh temporary directory, removed by the returned function. */
export async function tempDir(
  prefix: string,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
