import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '../config/config.js';
import { openUploadStore } from '../modules/uploads/open-store.js';
import { restoreBackup } from '../ops/restore.js';

/**
 * `npm run restore -- FILE` (decision 061): the archive of `npm run backup` into the empty
 * DATA_DIR or DATABASE_URL database of the same environment as `npm start`; then `npm start`.
 */
async function main(args: string[]): Promise<number> {
  if (args.length !== 1 || !args[0]) {
    console.error('Usage: npm run restore -- FILE');
    return 2;
  }
  let config: AppConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const uploads = await openUploadStore(config);
  try {
    const { manifest, pictures } = await restoreBackup(
      { database: config.database, uploads },
      path.resolve(args[0]),
    );
    const into = config.database.kind === 'pglite' ? config.dataDir : 'the DATABASE_URL database';
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${into} (${pictures} pictures): start the shop with npm start.`,
    );
    return 0;
  } finally {
    uploads.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
