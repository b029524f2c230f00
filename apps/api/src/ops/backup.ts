import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import * as tar from 'tar';
import type { Database, Db } from '../db/client.js';
import { backups } from '../db/schema.js';
import type { UploadStore } from '../modules/uploads/storage.js';

/**
 * One backup archive (decision 061): a tar holding
 *   manifest.json              what is inside, and from which kind of database
 *   database/pglite.tar.gz     the embedded database: PGlite's own dump of its data directory
 *   database/postgres.sql.gz   or PostgreSQL's: pg_dump's plain SQL, one consistent snapshot
 *   pictures/<name>            every uploaded picture and document, from DATA_DIR/uploads or S3
 * Everything the shop needs to start again is in the database (accounts, the sessions' secret,
 * purchases, invoice counters, the ledger) or among the pictures. The database part is
 * compressed on its own, the pictures are already: the archive itself is not compressed again.
 */
export const BACKUP_FORMAT = 'partsworks-shop-backup';
export const BACKUP_VERSION = 1;

export const DUMP_FILES = { pglite: 'pglite.tar.gz', postgres: 'postgres.sql.gz' } as const;
/** The dumps as `BackupSource.dump` writes them, before the archive's writer compresses them. */
const DUMP_SOURCES = { pglite: 'pglite.tar', postgres: 'postgres.sql' } as const;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: Database['kind'];
  pictures: number;
}

export interface BackupSource {
  kind: Database['kind'];
  /** Writes the database's dump into `dir`, uncompressed (dumpOf). */
  dump(dir: string): Promise<void>;
  uploads: UploadStore;
}

export interface BackupResult {
  file: string;
  bytes: number;
  pictures: number;
  database: Database['kind'];
  startedAt: Date;
  finishedAt: Date;
}

export class BackupError extends Error {}

/**
 * How a database this process has open is dumped, uncompressed (DUMP_SOURCES): PGlite's own
 * dump, or pg_dump. The archive's writer compresses it, in its own process: a running embedded
 * shop only dumps, in one write, and its requests go on meanwhile.
 */
export function dumpOf(database: Database, databaseUrl?: string): BackupSource['dump'] {
  if (database.kind === 'pglite') {
    return async (dir) => {
      if (!database.dumpDataDir) throw new BackupError('This embedded database cannot be dumped.');
      const dump = await database.dumpDataDir();
      await writeFile(path.join(dir, DUMP_SOURCES.pglite), Buffer.from(await dump.arrayBuffer()));
    };
  }
  return async (dir) => {
    if (!databaseUrl) throw new BackupError('No DATABASE_URL to dump.');
    // pg_dump reads one snapshot of the whole database (a repeatable-read transaction), so
    // purchases placed meanwhile are in it whole or not at all, and nothing waits for it.
    await runTool('pg_dump', [
      '--format=plain',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(dir, DUMP_SOURCES.postgres)}`,
      `--dbname=${databaseUrl}`,
    ]);
  };
}

/** Replaces `from` by its gzip, `to`, read and written a megabyte at a time. */
async function gzipFile(from: string, to: string): Promise<void> {
  const chunk = { highWaterMark: 1 << 20 };
  await pipeline(
    createReadStream(from, chunk),
    createGzip({ chunkSize: 1 << 20 }),
    createWriteStream(to, chunk),
  );
  await rm(from);
}

/**
 * Writes the archive to `file` while the shop goes on taking orders. The archive appears under
 * its name only once whole (written beside it, then renamed), so a crash or a full disk never
 * leaves a truncated file that looks like a backup.
 */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupResult> {
  const startedAt = new Date();
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const staging = await mkdtemp(path.join(os.tmpdir(), 'shop-backup-'));
  // Hidden beside it until whole: a folder's listing shows archives only.
  const partial = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.partial`,
  );
  try {
    await mkdir(path.join(staging, 'database'));
    const database = path.join(staging, 'database');
    await source.dump(database);
    await gzipFile(
      path.join(database, DUMP_SOURCES[source.kind]),
      path.join(database, DUMP_FILES[source.kind]),
    );
    const pictures = await copyPictures(source.uploads, path.join(staging, 'pictures'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: startedAt.toISOString(),
      database: source.kind,
      pictures,
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.create({ file: partial, cwd: staging, portable: true }, [
      'manifest.json',
      'database',
      'pictures',
    ]);
    await rename(partial, target);
    const { size } = await stat(target);
    return {
      file: target,
      bytes: size,
      pictures,
      database: source.kind,
      startedAt,
      finishedAt: new Date(),
    };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/** Each stored file into `dir`; answers how many. Names are content hashes: no two clash. */
async function copyPictures(uploads: UploadStore, dir: string): Promise<number> {
  await mkdir(dir);
  let count = 0;
  for await (const name of uploads.list()) {
    const into = path.join(dir, path.basename(name));
    if (uploads.files.kind === 'folder') {
      await writeFile(into, await readFile(path.join(uploads.files.dir, name)));
    } else {
      const stored = await uploads.files.read(name, {});
      // Deleted between the listing and the read: nothing to keep.
      if (stored === null || stored === 'unchanged') continue;
      await pipeline(stored.body, createWriteStream(into));
    }
    count += 1;
  }
  return count;
}

/**
 * Runs one of PostgreSQL's client programs; rejects with its own message when it fails, or
 * with how to install it when it is missing.
 */
export function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} was not found: install PostgreSQL's client programs (Debian: apt-get install postgresql-client) of the server's major version or newer.`
            : `${command} could not run: ${error.message}`,
        ),
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed: ${stderr.trim() || `exit code ${code}`}`));
    });
  });
}

/** A backup as the Overview lists it: written (bytes, pictures) or failed (error). */
export interface BackupNote {
  file: string;
  trigger: 'command' | 'schedule';
  startedAt: string;
  finishedAt: string;
  bytes?: number;
  pictures?: number;
  error?: string;
}

/** Notes a backup in the shop's database, for the admin's Overview ("last backup"). */
export async function noteBackup(db: Db, note: BackupNote): Promise<void> {
  await db.insert(backups).values({
    file: note.file,
    trigger: note.trigger,
    startedAt: new Date(note.startedAt),
    finishedAt: new Date(note.finishedAt),
    bytes: note.bytes ?? null,
    pictures: note.pictures ?? null,
    error: note.error ?? null,
  });
}

/**
 * Writes the archive and notes it, written or failed, through `note` (the shop's database,
 * directly or through the running shop) and in the log.
 */
export async function backUp(
  source: BackupSource,
  file: string,
  trigger: BackupNote['trigger'],
  note: (entry: BackupNote) => Promise<void>,
  log?: FastifyBaseLogger,
): Promise<BackupResult> {
  const startedAt = new Date().toISOString();
  try {
    const result = await writeBackup(source, file);
    await note({
      file: result.file,
      trigger,
      startedAt,
      finishedAt: result.finishedAt.toISOString(),
      bytes: result.bytes,
      pictures: result.pictures,
    });
    log?.info({ file: result.file, bytes: result.bytes, trigger }, 'backup written');
    return result;
  } catch (error) {
    log?.error({ err: error, file, trigger }, 'backup failed');
    // The failure is what the Overview must show; a database too broken to note it has
    // already made the backup fail with its own error.
    await note({
      file: path.resolve(file),
      trigger,
      startedAt,
      finishedAt: new Date().toISOString(),
      error: errorText(error),
    }).catch(() => {});
    throw error;
  }
}

export const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);
