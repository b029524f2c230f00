import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Where uploaded pictures live: DATA_DIR/uploads, served by the same process under /uploads/
 * (routes.ts). Each file is written under a temporary name and renamed, so a reader never sees
 * half a picture and a crash leaves no truncated file behind the name a product points at.
 */
export interface UploadStore {
  dir: string;
  save(name: string, bytes: Buffer): Promise<void>;
}

export function diskStore(dir: string): UploadStore {
  let ready: Promise<unknown> | null = null;
  return {
    dir,
    async save(name, bytes) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const temporary = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temporary, bytes, { flush: true });
      await rename(temporary, path.join(dir, name));
    },
  };
}
