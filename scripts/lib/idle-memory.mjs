// The memory of an idle production server (docs/decisions/016): the built server
// (apps/api/dist/main.js, NODE_ENV=production) is started on a fresh data directory, waited for,
// left alone until its resident memory stops changing, and read from /proc (Linux only).
//
//   PGlite, first start   the start that creates the database, migrates it and seeds the demo data
//   PGlite, restart       the same data directory started again (every later start looks like this)
//   PostgreSQL            first start on a new database, when a server URL is given
//
// Library: `measureIdleMemory({ databaseUrl })` answers `{ runs, table }` (see its comment).
// CLI: `node scripts/lib/idle-memory.mjs` prints the table; BENCH_DATABASE_URL (a PostgreSQL
// server the script may create and drop a throwaway database on) adds the PostgreSQL row.
//
// What holds the memory comes from outside the process: /proc/<pid>/status (VmRSS, VmHWM,
// RssAnon, RssFile), /proc/<pid>/smaps (the resident part of each WebAssembly memory: PGlite's
// PostgreSQL heap) and a Node diagnostic report (`--report-on-signal`, written on SIGUSR2 into a
// temporary folder) for the V8 heap and the memory V8 counts as external. The server itself has
// no memory hook.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { root, tempDir, waitForHealth } from './shop-process.mjs';

/** Targets of issue 12, item 4, in MiB of resident memory. */
export const IDLE_RSS_TARGETS_MB = { pglite: 250, postgres: 150 };

/** RSS is read this often while waiting for it to settle... */
const SAMPLE_MS = 500;
/** ...it has settled once it moved less than SETTLED_MB over SETTLED_WINDOW_MS... */
const SETTLED_MB = 1;
const SETTLED_WINDOW_MS = 5_000;
/** ...or, at the latest, this long after the server answered (then `settled` is false). */
const SETTLE_MAX_MS = 60_000;

const MB = 1024 * 1024;
const mb = (bytes) => bytes / MB;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS, VmHWM (peak RSS), RssAnon and RssFile of `pid`, in bytes. */
export function readStatus(pid) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  return {
    rss: kb('VmRSS') * 1024,
    peak: kb('VmHWM') * 1024,
    anon: kb('RssAnon') * 1024,
    file: kb('RssFile') * 1024,
  };
}

/**
 * The resident bytes of each WebAssembly memory of `pid`. V8 reserves 8 GiB of address space
 * per (32-bit) WebAssembly memory: the pages in use are one read-write anonymous mapping, the
 * rest of the reservation an inaccessible one right after it. Nothing else in a Node process
 * is laid out that way.
 */
export function readWasmMemories(pid) {
  const mappings = [];
  let current = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      current = {
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3],
        anonymous: head[4] === '0' && head[5] === '',
        rss: 0,
      };
      mappings.push(current);
    } else if (current && line.startsWith('Rss:')) {
      current.rss = Number(/(\d+)/.exec(line)[1]) * 1024;
    }
  }
  const memories = [];
  for (let i = 0; i + 1 < mappings.length; i += 1) {
    const used = mappings[i];
    const guard = mappings[i + 1];
    const reserved = guard.end - used.start;
    if (
      used.anonymous &&
      used.perms === 'rw-p' &&
      guard.anonymous &&
      guard.perms === '---p' &&
      guard.start === used.end &&
      reserved >= 4n * 1024n * BigInt(MB) &&
      reserved % BigInt(MB) === 0n
    ) {
      memories.push({ size: Number(used.end - used.start), rss: used.rss });
    }
  }
  return memories;
}

/** Waits until the RSS of `pid` stops changing (or SETTLE_MAX_MS); answers the last sample. */
async function settle(pid) {
  const started = Date.now();
  const samples = [];
  for (;;) {
    const now = Date.now();
    samples.push({ at: now, rss: readStatus(pid).rss });
    while (samples.length && samples[0].at < now - SETTLED_WINDOW_MS) samples.shift();
    const spanMs = now - samples[0].at;
    const values = samples.map((sample) => sample.rss);
    const moved = Math.max(...values) - Math.min(...values);
    if (spanMs >= SETTLED_WINDOW_MS - SAMPLE_MS && moved < SETTLED_MB * MB) {
      return { settled: true, seconds: (now - started) / 1000 };
    }
    if (now - started >= SETTLE_MAX_MS) return { settled: false, seconds: (now - started) / 1000 };
    await sleep(SAMPLE_MS);
  }
}

/** Asks the child for a Node diagnostic report (SIGUSR2) and reads its V8 figures. */
async function readReport(child, reportDir) {
  const before = new Set(readdirSync(reportDir));
  child.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const file = readdirSync(reportDir).find((name) => !before.has(name) && name.endsWith('.json'));
    if (file) {
      try {
        const report = JSON.parse(readFileSync(join(reportDir, file), 'utf8'));
        rmSync(join(reportDir, file), { force: true });
        const heap = report.javascriptHeap;
        return {
          heapUsed: heap.usedMemory,
          heapCommitted: heap.totalCommittedMemory,
          external: heap.externalMemory,
        };
      } catch {
        // still being written
      }
    }
    await sleep(100);
  }
  return null;
}

function startServer({ dataDir, databaseUrl, port, reportDir }) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'true',
  };
  // Production defaults otherwise: random demo passwords, no Redis, no public URL.
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'REDIS_URL', 'DEMO_PASSWORDS', 'NODE_OPTIONS'])
    delete env[name];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(
    process.execPath,
    [
      '--report-on-signal',
      '--report-signal=SIGUSR2',
      `--report-directory=${reportDir}`,
      join(root, 'apps/api/dist/main.js'),
    ],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.output = () => output;
  return child;
}

function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** One start of the server: started, answered, settled, measured, stopped. */
async function measureOnce({ key, label, dataDir, databaseUrl, reportDir }) {
  const port = await freePort();
  const child = startServer({ dataDir, databaseUrl, port, reportDir });
  const startedAt = Date.now();
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child, 180_000).catch((error) => {
      throw new Error(`${error.message}\n${child.output()}`);
    });
    const startSeconds = (Date.now() - startedAt) / 1000;
    const { settled, seconds } = await settle(child.pid);
    const status = readStatus(child.pid);
    const wasm = readWasmMemories(child.pid);
    const v8 = await readReport(child, reportDir);
    return {
      key,
      label,
      database: databaseUrl ? 'postgres' : 'pglite',
      startSeconds,
      settled,
      settleSeconds: seconds,
      rssBytes: status.rss,
      peakRssBytes: status.peak,
      anonBytes: status.anon,
      fileBytes: status.file,
      wasmRssBytes: wasm.reduce((sum, memory) => sum + memory.rss, 0),
      wasmSizeBytes: wasm.reduce((sum, memory) => sum + memory.size, 0),
      wasmMemories: wasm.length,
      heapUsedBytes: v8?.heapUsed ?? null,
      heapCommittedBytes: v8?.heapCommitted ?? null,
      externalBytes: v8?.external ?? null,
    };
  } finally {
    await stopServer(child);
  }
}

async function createDatabase(serverUrl) {
  const name = `shop_memory_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const fixed = (bytes) => (bytes === null ? 'n/a' : mb(bytes).toFixed(0));

/** The runs as a markdown table (MiB). */
export function memoryTable(runs) {
  const lines = [
    '| Server, idle | RSS MiB | target | peak RSS MiB | PGlite WASM memory, resident MiB | V8 heap used / committed MiB | V8 external MiB | other native MiB | file-backed MiB |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const run of runs) {
    const target = IDLE_RSS_TARGETS_MB[run.database];
    const met = mb(run.rssBytes) < target;
    // Anonymous memory that is neither the WebAssembly memories nor the V8 heap: malloc (array
    // buffers and other external memory included), compiled WebAssembly and JS code, stacks.
    const other =
      run.heapCommittedBytes === null
        ? null
        : Math.max(0, run.anonBytes - run.wasmRssBytes - run.heapCommittedBytes);
    lines.push(
      `| ${run.label}${run.settled ? '' : ' (still moving after 60 s)'} | ${fixed(run.rssBytes)} | ` +
        `under ${target}: ${met ? 'met' : `missed by ${(mb(run.rssBytes) - target).toFixed(0)}`} | ` +
        `${fixed(run.peakRssBytes)} | ` +
        `${run.wasmMemories ? `${fixed(run.wasmRssBytes)} of ${fixed(run.wasmSizeBytes)}` : '-'} | ` +
        `${fixed(run.heapUsedBytes)} / ${fixed(run.heapCommittedBytes)} | ${fixed(run.externalBytes)} | ` +
        `${fixed(other)} | ${fixed(run.fileBytes)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Measures the idle production server: PGlite first start (creates and seeds the database) and
 * restart on that folder, and, with `databaseUrl` (a PostgreSQL server URL such as
 * BENCH_DATABASE_URL; a throwaway database is created on it and dropped), PostgreSQL first start.
 * Needs the build (apps/api/dist) and Linux (/proc). Takes about a minute per run at most.
 *
 * Answers `{ runs, table }`: `runs[]` has `key` ('pgliteFirstStart' | 'pgliteRestart' |
 * 'postgres'), `label`, `database` ('pglite' | 'postgres'), `rssBytes` (idle VmRSS),
 * `peakRssBytes` (VmHWM), `anonBytes`, `fileBytes`, `wasmRssBytes` / `wasmSizeBytes` /
 * `wasmMemories` (WebAssembly memories), `heapUsedBytes`, `heapCommittedBytes`, `externalBytes`
 * (V8; null if the report failed), `startSeconds`, `settled`, `settleSeconds`; `table` is
 * markdown.
 */
export async function measureIdleMemory({ databaseUrl, log = () => {} } = {}) {
  const work = tempDir('shop-idle-memory-');
  const reportDir = join(work, 'reports');
  mkdirSync(reportDir);
  const runs = [];
  try {
    const dataDir = join(work, 'data');
    log('idle memory: PGlite, first start (creates and seeds the database)');
    runs.push(
      await measureOnce({
        key: 'pgliteFirstStart',
        label: 'PGlite, first start (creates and seeds the database)',
        dataDir,
        reportDir,
      }),
    );
    log('idle memory: PGlite, restart on the seeded folder');
    runs.push(
      await measureOnce({
        key: 'pgliteRestart',
        label: 'PGlite, restart on the seeded folder',
        dataDir,
        reportDir,
      }),
    );
    if (databaseUrl) {
      log('idle memory: PostgreSQL, first start (migrates and seeds a new database)');
      const database = await createDatabase(databaseUrl);
      try {
        runs.push(
          await measureOnce({
            key: 'postgres',
            label: 'PostgreSQL, first start (migrates and seeds a new database)',
            dataDir: join(work, 'data-postgres'),
            databaseUrl: database.url,
            reportDir,
          }),
        );
      } finally {
        await database.drop();
      }
    }
  } finally {
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
  }
  return { runs, table: memoryTable(runs) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ensureBuild } = await import('../ensure-build.mjs');
  ensureBuild();
  const { table } = await measureIdleMemory({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    log: (line) => console.log(line),
  });
  console.log(`\n${table}`);
}
