import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '../config/config.js';
import { connectDatabase } from '../db/client.js';
import { openUploadStore } from '../modules/uploads/open-store.js';
import { backUp, dumpOf, noteBackup, type BackupResult } from '../ops/backup.js';
import { backupSocketPath, runningShop } from '../ops/backup-socket.js';

/**
 * `npm run backup -- FILE` (decision 061): one archive of the database and the pictures of the
 * shop configured by the same environment as `npm start`, while it runs and takes orders.
 */
async function main(args: string[]): Promise<number> {
  if (args.length !== 1 || !args[0]) {
    console.error('Usage: npm run backup -- FILE');
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
  const result = await backupOf(config, path.resolve(args[0]));
  console.log(summary(result));
  return 0;
}

async function backupOf(config: AppConfig, file: string): Promise<BackupResult> {
  const { database: where } = config;
  const uploads = await openUploadStore(config);
  try {
    if (where.kind === 'pglite') {
      // A running shop holds the embedded database: it dumps it for this command.
      const shop = await runningShop(backupSocketPath(config.dataDir));
      if (shop)
        return await backUp(
          { kind: 'pglite', dump: shop.dump, uploads },
          file,
          'command',
          shop.note,
        );
      if (!where.dataDir || !existsSync(path.join(where.dataDir, 'PG_VERSION'))) {
        throw new Error(`${config.dataDir} holds no shop database to back up.`);
      }
    }
    const database = await connectDatabase(where);
    try {
      const dump = dumpOf(database, where.kind === 'postgres' ? where.url : undefined);
      return await backUp({ kind: database.kind, dump, uploads }, file, 'command', (entry) =>
        noteBackup(database.db, entry),
      );
    } finally {
      await database.close();
    }
  } finally {
    uploads.close();
  }
}

function summary(result: BackupResult): string {
  const size = `${(result.bytes / 1024 / 1024).toFixed(1)} MB`;
  const database = result.database === 'pglite' ? 'embedded database' : 'PostgreSQL database';
  return `Backup written: ${result.file} (${size}: the ${database} and ${result.pictures} pictures)`;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
