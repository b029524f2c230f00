import path from 'node:path';
import type { AppConfig } from '../../config/config.js';
import { diskStore, type UploadStore } from './storage.js';

/**
 * The store the configuration names: DATA_DIR/uploads, or the S3-compatible bucket of S3_BUCKET
 * (docs/decisions/021). The AWS SDK is loaded only for a bucket: it adds some 28 MB to an idle
 * server (decision 016).
 */
export async function openUploadStore(
  config: Pick<AppConfig, 's3' | 'dataDir'>,
): Promise<UploadStore> {
  return config.s3
    ? (await import('./s3-store.js')).s3Store(config.s3)
    : diskStore(path.join(config.dataDir, 'uploads'));
}
