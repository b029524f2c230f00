import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { UPLOADS_PREFIX } from '@shop/shared';

/**
 * Where uploaded pictures live: DATA_DIR/uploads (the default), or an S3-compatible bucket
 * (s3-store.ts, docs/decisions/021). Either way the shop serves them under /uploads/
 * (routes.ts), and their names are content hashes, so a name always holds the same bytes.
 */
export interface UploadStore {
  save(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Every stored file's name (a backup copies them all, ops/backup.ts). */
  list(): AsyncIterable<string>;
  /** The address a page loads a stored file from. */
  url(name: string): string;
  /** How GET /uploads/<name> finds a file: in a folder, or by asking the store for it. */
  files: { kind: 'folder'; dir: string } | { kind: 'reader'; read: ReadUpload };
  /** Lets go of connections (the bucket's keep-alive sockets) when the app closes. */
  close(): void;
}

/** A stored file, or `null` when there is none of that name, or `'unchanged'` (If-None-Match). */
export type ReadUpload = (
  name: string,
  options: { ifNoneMatch?: string },
) => Promise<StoredUpload | 'unchanged' | null>;

export interface StoredUpload {
  body: Readable;
  contentType: string;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

/** A name holds the same bytes for ever, so browsers and CDNs may keep a file for a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * DATA_DIR/uploads, served by the same process. Each file is written under a temporary name and
 * renamed, so a reader never sees half a picture and a crash leaves no truncated file behind the
 * name a product points at.
 */
export function diskStore(dir: string): UploadStore {
  let ready: Promise<unknown> | null = null;
  return {
    async save(name, bytes) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const temporary = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temporary, bytes, { flush: true });
      await rename(temporary, path.join(dir, name));
    },
    async *list() {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      // A name starting with a dot is a file being written (save above).
      yield* names.filter((name) => !name.startsWith('.'));
    },
    url: (name) => `${UPLOADS_PREFIX}${name}`,
    files: { kind: 'folder', dir },
    close() {},
  };
}
