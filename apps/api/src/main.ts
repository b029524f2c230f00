import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { paymentMode } from './payments/mode.js';

/** How long requests in flight may take to finish after SIGTERM or SIGINT. */
const SHUTDOWN_GRACE_MS = 25_000;

/** Closing waits until no connection or request has come in for this long... */
const QUIET_MS = 250;
/** ...but no longer than this, when a load balancer keeps sending. */
const SETTLE_MAX_MS = 5_000;

/**
 * With this argument the process only prepares the database (create, migrate, seed) and exits:
 * see prepareNewPgliteDatabase.
 */
const PREPARE_ONLY = '--prepare-database-only';

/**
 * A new embedded database (PGlite, no PG_VERSION in its folder yet) is created, migrated and
 * seeded by a child process running this same file with PREPARE_ONLY. What that first start
 * needs (initdb, every migration, the demo accounts' password hashes, the compiled code for all
 * of it) then leaves with the child instead of staying in the server's resident memory for
 * good: the server opens the prepared folder as on any restart (docs/decisions/016). The child
 * logs to the same output, so random demo passwords are still shown once. A start the child
 * reports as failed ("Failed to start: ...") fails with its line; a child that cannot run or
 * ends otherwise leaves the work to the server, which does it as before.
 */
async function prepareNewPgliteDatabase(config: AppConfig) {
  const { database } = config;
  if (database.kind !== 'pglite' || !database.dataDir) return;
  if (existsSync(path.join(database.dataDir, 'PG_VERSION'))) return;
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), PREPARE_ONLY],
      { stdio: ['ignore', 'inherit', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', () => resolve({ code: null, stderr: '' }));
    child.on('close', (exitCode) => resolve({ code: exitCode, stderr }));
  });
  if (code === 0) {
    process.stderr.write(stderr);
  } else if (code === 1 && stderr.startsWith('Failed to start: ')) {
    process.stderr.write(stderr);
    process.exit(1);
  }
}

type Closable = Awaited<ReturnType<typeof import('./server.js').startServer>>['app'];

/**
 * Stops accepting connections, lets the requests in flight finish, then stops the order sweeper
 * and closes the database (and Redis): see createServer's onClose hook.
 *
 * Node's server.close() drops every connection that has no request in progress at that moment.
 * A request a client has already sent may not have been read yet (the loop was busy with a
 * database write, or the machine is loaded); it would be dropped with the idle connections. So
 * the server keeps serving until the wire has been quiet for a moment, then closes. This is
 * also the pause a load balancer needs to stop sending here after it sees the instance going.
 */
async function drain(app: Closable) {
  let lastArrival = Date.now();
  const arrived = () => {
    lastArrival = Date.now();
  };
  app.server.on('connection', arrived).on('request', arrived);
  const deadline = Date.now() + SETTLE_MAX_MS;
  while (Date.now() < deadline && Date.now() - lastArrival < QUIET_MS) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 5));
  }
  app.server.off('connection', arrived).off('request', arrived);
  await app.close();
}

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Loaded only after the configuration is known to be good, so a bad variable is reported
  // even when something further down (a missing build, a broken dependency) would fail.
  const { createLogger } = await import('./config/logger.js');
  const { startServer } = await import('./server.js');
  const logger = createLogger(config);
  if (process.argv.includes(PREPARE_ONLY)) {
    const { createServer } = await import('./server.js');
    const app = await createServer(config, { logger });
    await app.close();
    return;
  }
  await prepareNewPgliteDatabase(config);
  const where =
    config.database.kind === 'postgres'
      ? 'PostgreSQL (DATABASE_URL)'
      : `PGlite in ${config.database.dataDir}`;
  logger.info(`database: ${where}`);
  const { s3 } = config;
  const pictures = s3
    ? `S3 bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}`
    : path.join(config.dataDir, 'uploads');
  logger.info(`uploaded pictures: ${pictures}`);
  const { app, url } = await startServer(config, { logger });
  logger.info(`${config.shopName} is serving at ${url.replace('0.0.0.0', 'localhost')}`);
  const payments = paymentMode(config);
  logger[payments.testMode ? 'warn' : 'info'](payments.message);
  if (config.seedDemoData && config.demoPasswords === 'fixed') {
    // The published demo passwords (development); SEED_DEMO_DATA=false hides this. Random ones
    // (production) are shown once, when they are made: see createServer.
    const { demoUsers } = await import('./seed/seed-data.js');
    for (const { email, password, admin } of demoUsers) {
      logger.info(`demo ${admin ? 'admin' : 'customer'}: ${email} / ${password}`);
    }
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, closing`);
    // A request that never ends must not keep the process from stopping: an orchestrator sends
    // SIGKILL after its grace period anyway (30 s by default in Kubernetes), so stop a little
    // earlier, with a line saying why.
    setTimeout(() => {
      logger.error(`requests still running ${SHUTDOWN_GRACE_MS / 1000} s after ${signal}; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await drain(app);
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while closing');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  // One line, whatever the error: a deployment log shows the cause at a glance.
  const reason = error instanceof Error ? error.message || error.name : String(error);
  console.error(`Failed to start: ${reason.replace(/\s*\n\s*/g, ' ')}`);
  process.exit(1);
});
