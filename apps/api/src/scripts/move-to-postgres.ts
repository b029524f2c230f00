import path from 'node:path';
import { ConfigError, loadConfig } from '../config/config.js';
import {
  figuresTable,
  MoveRefused,
  moveToPostgres,
  postgresAddress,
} from '../ops/move-to-postgres.js';

/**
 * `npm run move-to-postgres -- <postgres://…>` (docs/decisions/060): copies the embedded database
 * of a stopped shop (DATA_DIR, same environment as `npm start`) into an empty PostgreSQL database
 * and prints per table the figures both sides agree on. Exit codes: 0 moved, 1 refused or
 * failed (the target is left empty), 2 usage.
 */
async function main(args: string[]): Promise<number> {
  const [url] = args;
  if (args.length !== 1 || !url || !/^postgres(ql)?:\/\/\S+$/.test(url)) {
    console.error(
      'Usage: npm run move-to-postgres -- <postgres://user:password@host:port/database>',
    );
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  // The embedded database of DATA_DIR, even when DATABASE_URL is set already (to the target).
  const pgliteDir =
    config.database.kind === 'pglite' && config.database.dataDir
      ? config.database.dataDir
      : path.join(config.dataDir, 'db');
  console.log(`Moving the embedded database in ${pgliteDir} to ${postgresAddress(url)}.`);
  const started = Date.now();
  try {
    const report = await moveToPostgres({ pgliteDir, targetUrl: url, timeZone: config.timeZone });
    console.log(figuresTable(report));
    if (!report.ok) {
      console.error('move-to-postgres: the figures differ; nothing was committed to the target.');
      return 1;
    }
    const rows = report.tables.reduce((sum, table) => sum + Number(table.source.rows), 0);
    console.log(
      `Moved ${report.tables.length} tables (${rows} rows) in ${seconds(started)}. ` +
        'Start the shop with DATABASE_URL set to this URL; keep DATA_DIR, which still holds ' +
        'the uploaded pictures (unless S3_BUCKET).',
    );
    return 0;
  } catch (error) {
    if (error instanceof MoveRefused) {
      console.error(`move-to-postgres: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`move-to-postgres failed: ${reason.replace(/\s*\n\s*/g, ' ')}`);
    process.exit(1);
  },
);
