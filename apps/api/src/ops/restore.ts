import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import type { DatabaseConfig } from '../config/config.js';
import { pgliteOptions } from '../db/client.js';
import type { UploadStore } from '../modules/uploads/storage.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  DUMP_FILES,
  runTool,
  type BackupManifest,
} from './backup.js';

export interface RestoreTarget {
  /** Where the shop will run: DATA_DIR/db (embedded) or DATABASE_URL, as `npm start` reads it. */
  database: DatabaseConfig;
  uploads: UploadStore;
}

export interface RestoreResult {
  manifest: BackupManifest;
  pictures: number;
}

/**
 * Restores an archive of ops/backup.ts into an empty target, and refuses any other: restoring
 * over a shop's data would mix two shops, or lose the newer one. An embedded backup goes into
 * an empty DATA_DIR, a PostgreSQL one into an empty PostgreSQL database (an embedded shop moves
 * to PostgreSQL by `npm run move-to-postgres` once restored).
 */
export async function restoreBackup(target: RestoreTarget, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such file.`);
  const staging = await mkdtemp(path.join(os.tmpdir(), 'shop-restore-'));
  try {
    await tar.extract({ file, cwd: staging, strict: true }).catch((error: unknown) => {
      throw new BackupError(`${file} is not a backup of the shop (${String(error)}).`);
    });
    const manifest = await readManifest(staging, file);
    const { database } = target;
    if (manifest.database !== database.kind) {
      throw new BackupError(
        manifest.database === 'pglite'
          ? 'This backup holds an embedded database: restore it into an empty DATA_DIR without DATABASE_URL, then move it with npm run move-to-postgres.'
          : 'This backup holds a PostgreSQL database: restore it with DATABASE_URL set to an empty PostgreSQL database.',
      );
    }
    if (database.kind === 'pglite') {
      if (!database.dataDir) throw new BackupError('An in-memory database cannot be restored.');
      await restorePglite(database.dataDir, path.join(staging, 'database', DUMP_FILES.pglite));
    } else {
      await restorePostgres(database.url, path.join(staging, 'database', DUMP_FILES.postgres));
    }
    const pictures = await restorePictures(target.uploads, path.join(staging, 'pictures'));
    return { manifest, pictures };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(staging: string, file: string): Promise<BackupManifest> {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8'));
  } catch {
    throw new BackupError(`${file} is not a backup of the shop (no manifest.json).`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(`${file} is not a backup of the shop.`);
  }
  if (manifest.version !== BACKUP_VERSION) {
    throw new BackupError(
      `${file} is a backup of format ${manifest.version}; this release reads format ${BACKUP_VERSION}.`,
    );
  }
  return manifest as BackupManifest;
}

async function restorePglite(dataDir: string, dump: string): Promise<void> {
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    throw new BackupError(
      `${dataDir} is not empty: restore into a DATA_DIR that holds no database.`,
    );
  }
  await mkdir(dataDir, { recursive: true });
  // PGlite's own load of its dump: the data directory as it was, which PostgreSQL then opens
  // as after a crash (a transaction unfinished at the backup's moment is undone).
  const restored = await PGlite.create(dataDir, {
    ...pgliteOptions(),
    loadDataDir: new Blob([gunzipSync(await readFile(dump))]),
  });
  await restored.close();
}

async function restorePostgres(url: string, dump: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`DATABASE_URL: cannot connect (${(error as Error).message}).`);
  }
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_catalog.pg_tables
       where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if (rows[0]!.tables > 0) {
      throw new BackupError(
        'The database of DATABASE_URL is not empty: restore into a new, empty database.',
      );
    }
  } finally {
    await client.end();
  }
  // psql runs pg_dump's script as one transaction: a failure leaves the database empty.
  const script = dump.replace(/\.gz$/, '');
  await pipeline(createReadStream(dump), createGunzip(), createWriteStream(script));
  await runTool('psql', [
    '--no-psqlrc',
    '--quiet',
    '--set=ON_ERROR_STOP=1',
    '--single-transaction',
    `--file=${script}`,
    `--dbname=${url}`,
  ]);
}

async function restorePictures(uploads: UploadStore, dir: string): Promise<number> {
  const names = existsSync(dir) ? await readdir(dir) : [];
  for (const name of names) {
    await uploads.save(name, await readFile(path.join(dir, name)), contentTypeOf(name));
  }
  return names.length;
}

/** Stored names end in their kind (uploads/images.ts, uploads/documents.ts). */
function contentTypeOf(name: string): string {
  const extension = path.extname(name).toLowerCase();
  const types: Record<string, string> = {
    '.webp': 'image/webp',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.pdf': 'application/pdf',
  };
  return types[extension] ?? 'application/octet-stream';
}
