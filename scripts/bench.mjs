// `npm run bench`: drives the production server with autocannon next to a bare Fastify
// server answering the shop's own GET /api/items answer as constant bytes (same body, same
// headers), prints req/s, p50/p99 latency and the ratio to the bare server, and writes the table
// to docs/performance.md (between its bench markers), then the idle memory of the server
// (scripts/lib/idle-memory.mjs), once the loaded servers are stopped.
// Then scripts/bench-purchases.mjs (checkout and order reads at scale, PostgreSQL only) and
// scripts/bench-accounts.mjs (checkouts on account at one credit limit, receivables at scale)
// and scripts/bench-quotes.mjs (a 1,000-line quote offered, accepted and read) and
// scripts/bench-api-keys.mjs (a catalogue read with an API key beside a token).
// Env: BENCH_SECONDS (default 10), BENCH_DATABASE_URL (also benchmark on PostgreSQL).
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureBuild } from './ensure-build.mjs';
import { benchCatalogue } from './bench-catalogue.mjs';
import { benchPurchases } from './bench-purchases.mjs';
import { benchAccounts } from './bench-accounts.mjs';
import { benchQuotes } from './bench-quotes.mjs';
import { benchApiKeys } from './bench-api-keys.mjs';
import { benchWebhooks } from './bench-webhooks.mjs';
import { IDLE_RSS_TARGETS_MB, measureIdleMemory } from './lib/idle-memory.mjs';
import { verifiedCustomer } from './lib/verified-customer.mjs';
import {
  cleanUp,
  importShared,
  root,
  spawnNode,
  startShop,
  tempDir,
  waitForHealth,
} from './lib/shop-process.mjs';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10) || 10;
/**
 * `BENCH_ONLY=orders`: only POST /api/order on each shop, printed and not written to the docs
 * (a minute's check of a change to buying; the full run writes the figures).
 */
const ONLY_ORDERS = process.env.BENCH_ONLY === 'orders';
const CONNECTIONS = 100;
const WARMUP_SECONDS = 2;
const CUSTOMERS = 50;
const BARE_PORT = 3602;
/** Issue 12: GET /api/items at 0.8 of the bare server or more, with a p99 under 20 ms. */
const RATIO_TARGET = 0.8;
const P99_TARGET_MS = 20;
const BENCH_START = '<!-- bench:start -->';
const BENCH_END = '<!-- bench:end -->';

let dropDatabase = null;
/** packages/shared (contracts, client), imported by `main` once the build has made it. */
let shared;

/** How the report names an endpoint: `GET /api/item/{id}`. */
const named = (contract) => `${contract.method} ${shared.API_PREFIX}${contract.path}`;

// ---- servers -------------------------------------------------------------------------------
/** Each bench shop's DATA_DIR, by port: its outbox holds the customers' verification links. */
const dataDirs = new Map();

function startBenchShop(port, env) {
  const dataDir = tempDir('shop-bench-data-');
  dataDirs.set(port, dataDir);
  const child = startShop(port, { DATA_DIR: dataDir, ...env }, ['ignore', 'pipe', 'inherit']);
  // autocannon cuts connections when a run ends; drop the "premature close" lines that causes.
  let pending = '';
  child.stdout.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    for (const line of lines) if (line && !line.includes('premature close')) console.log(line);
  });
  return child;
}

const local = (port) => `http://127.0.0.1:${port}`;

/**
 * How a browser asks for the catalogue: it accepts Brotli. The main row (the target) asks with
 * no Accept-Encoding, as autocannon does by default, and gets the JSON as it is.
 */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Set by Node or per connection; the bare server's Fastify writes its own. */
const PER_ANSWER_HEADERS = [
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
];

/**
 * The shop's answer to one GET, as bytes on the wire (not decompressed) with its headers: what
 * the bare server is to send, so both answer the same body with the same headers (issue 12).
 */
function captureAnswer(url, headers = {}) {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const kept = { ...response.headers };
        for (const name of PER_ANSWER_HEADERS) delete kept[name];
        resolve({ headers: kept, body: Buffer.concat(chunks).toString('base64') });
      });
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The bare server runs in its own process, as the shop does: same footing for both. It answers
 * each captured answer at its own path (`answers`: path -> { headers, body }).
 */
function startBare(answers) {
  const file = join(tempDir('shop-bench-bare-'), 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  return spawnNode([join(root, 'scripts/bench-bare.mjs'), String(BARE_PORT), file], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function createDatabase(url) {
  const base = new URL(url);
  const name = `shop_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  base.pathname = `/${name}`;
  return base.toString();
}

// ---- load ----------------------------------------------------------------------------------
function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    instance.on('error', reject);
  });
}

async function measure(label, opts) {
  await run({ ...opts, duration: WARMUP_SECONDS });
  const result = await run({ ...opts, duration: SECONDS });
  const row = {
    target: label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(
    `  ${label}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms` +
      (row.non2xx || row.errors ? ` (non-2xx ${row.non2xx}, errors ${row.errors})` : ''),
  );
  return row;
}

function randomLetters(n) {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: n }, () => letters[Math.floor(Math.random() * letters.length)]).join(
    '',
  );
}

/**
 * Customers signed up through Better Auth, each with the address verified (an unverified account
 * holds one unpaid purchase) and the shop token traded for the session.
 */
async function signUpCustomers(client, port, count) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const tag = randomLetters(8);
    const customer = {
      name: `Bench${tag}`,
      email: `bench${tag}${i}@example.com`,
      password: 'Bench#2026',
    };
    tokens.push(await verifiedCustomer(shared, client, local(port), dataDirs.get(port), customer));
  }
  return tokens;
}

/** Gives the product a large stock through the demo admin, so orders keep being accepted. */
async function restock(client, id) {
  const { api, expectStatus, signInForToken } = shared;
  try {
    const admin = { email: 'admin@partsworks.com', password: 'Admin#2026' };
    const { token } = await signInForToken(client, api, admin);
    const input = { params: { id }, body: { available: 1_000_000 } };
    expectStatus(await client.call(api.catalog.update, input, { token }), 200);
    return token;
  } catch (error) {
    console.warn(
      `  could not restock through the demo admin (${error.message}); using the seeded stock`,
    );
    return null;
  }
}

/**
 * Orders stored for the product (admin list, read 100 at a time to the end: SPEC's GET /allorders
 * answers at most 100), or null without an admin token.
 */
/** Asks `read` every half second until it answers (at most a minute): the server is quiet. */
async function settled(read) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('The orders were still changing after a minute.');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function storedOrders(client, adminToken, id) {
  if (!adminToken) return null;
  let stored = 0;
  for (let page = 1; ; page++) {
    const answer = await client.call(
      shared.api.orders.listAll,
      { query: { page, limit: 100 } },
      { token: adminToken },
    );
    if (answer.status !== 200) return null;
    stored += answer.body.filter(
      (o) => o.productId === id && o.address === '1 Bench Street',
    ).length;
    if (answer.body.length < 100) return stored;
  }
}

/**
 * The single-page app's entry script, the one dist/index.html loads (the dashboard's first
 * request for code), not merely the largest file: that can be a chunk only a few pages load.
 */
function appEntryAsset() {
  const html = readFileSync(join(root, 'apps/web/dist/index.html'), 'utf8');
  const entry = /<script type="module"[^>]* src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('apps/web/dist/index.html loads no script from /assets/');
  return entry;
}

async function benchShop(label, port, bare) {
  const { api, createApiClient, expectStatus } = shared;
  const base = `http://127.0.0.1:${port}`;
  const client = createApiClient({ baseUrl: base });
  const [first] = expectStatus(await client.call(api.catalog.list), 200);
  const id = first._id;
  const product = async () =>
    expectStatus(await client.call(api.catalog.get, { params: { id } }), 200);
  const asset = appEntryAsset();
  console.log(`\n${label} (port ${port})`);
  const rows = [];
  if (!ONLY_ORDERS) await benchReads();
  async function benchReads() {
    rows.push(
      await measure(`${label} ${named(api.catalog.list)}`, { url: client.url(api.catalog.list) }),
    );
    const itemsBr = await measure(`${label} ${named(api.catalog.list)} (br)`, {
      url: client.url(api.catalog.list),
      headers: BROWSER_ENCODINGS,
    });
    itemsBr.yardstick = bare.brRps;
    rows.push(itemsBr);
    rows.push(
      await measure(`${label} ${named(api.catalog.get)}`, {
        url: client.url(api.catalog.get, { params: { id } }),
      }),
    );
    // Pages and assets as a browser asks for them: the build's Brotli copies are sent as they are.
    const browser = {
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      'accept-encoding': 'gzip, deflate, br, zstd',
    };
    rows.push(await measure(`${label} GET / (br)`, { url: `${base}/`, headers: browser }));
    rows.push(
      await measure(`${label} GET /assets/${asset} (br)`, {
        url: `${base}/assets/${asset}`,
        headers: browser,
      }),
    );
  }

  // Orders: many customers against one product.
  const tokens = await signUpCustomers(client, port, CUSTOMERS);
  const adminToken = await restock(client, id);
  const before = await product();
  const body = JSON.stringify({
    productId: id,
    quantity: before.minimum,
    number: '555-123-4567',
    address: '1 Bench Street',
  });
  let next = 0;
  const orderOpts = {
    url: client.url(api.orders.place),
    method: api.orders.place.method,
    headers: { 'content-type': 'application/json' },
    body,
    requests: [
      {
        setupRequest: (req) => {
          const token = tokens[next++ % tokens.length];
          return { ...req, headers: { ...req.headers, authorization: `Bearer ${token}` } };
        },
      },
    ],
  };
  // No warm-up for orders: every request counts against the stock check.
  const result = await run({ ...orderOpts, duration: SECONDS });
  // Requests still in flight when autocannon stops (and those it gave up on, which the server
  // still answers) commit after it has stopped counting: wait until the stored orders stop
  // changing, and read the stock between two equal counts, so both describe the same orders.
  const { after, stored } = await settled(async () => {
    const first = await storedOrders(client, adminToken, id);
    const stock = await product();
    const second = await storedOrders(client, adminToken, id);
    return first === second ? { after: stock, stored: second } : null;
  });
  const accepted = result['2xx'];
  const refused = result.non2xx;
  const sold = before.available - after.available;
  const committed = stored ?? accepted;
  const inFlight = committed - accepted;
  // At most one request per connection is in flight when the run stops, plus those autocannon
  // gave up on (timeouts, errors) and sent again: the server may still have committed them.
  const unanswered = CONNECTIONS + result.errors + result.timeouts;
  const oversold =
    after.available < 0 ||
    sold !== committed * before.minimum ||
    inFlight < 0 ||
    inFlight > unanswered;
  const orderRow = {
    target: `${label} ${named(api.orders.place)}`,
    rps: result.requests.average,
    acceptedRps: accepted / SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    accepted,
    refused,
    errors: result.errors + result.timeouts,
    oversold,
    detail:
      `stock ${before.available} → ${after.available}; ${committed} orders of ${before.minimum} stored ` +
      `(${accepted} answered 201 in the window, ${inFlight} completed after it)`,
  };
  console.log(
    `  ${orderRow.target}: ${orderRow.rps.toFixed(0)} req/s, p50 ${orderRow.p50} ms, p99 ${orderRow.p99} ms, ` +
      `accepted ${accepted}, refused ${refused}, errors ${orderRow.errors}; ${orderRow.detail}`,
  );
  console.log(`  oversold: ${oversold ? 'YES' : 'no'}`);
  rows.push(orderRow);
  for (const row of rows) row.ratio = row.rps / (row.yardstick ?? bare.rps);
  return rows;
}

// ---- report --------------------------------------------------------------------------------
function table(rows) {
  const lines = [
    '| Target | req/s | p50 ms | p99 ms | ratio to bare | orders accepted / refused |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const orders =
      r.accepted === undefined
        ? ''
        : `${r.accepted} / ${r.refused}${r.oversold ? ' (OVERSOLD)' : ''}`;
    lines.push(
      `| ${r.target} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.ratio === undefined ? '1.00' : r.ratio.toFixed(2)} | ${orders} |`,
    );
  }
  return lines.join('\n');
}

function targets(rows) {
  const out = [];
  const list = named(shared.api.catalog.list);
  const items = rows.find((r) => r.target === `PGlite ${list}`);
  if (items) {
    const ratioOk = items.ratio >= RATIO_TARGET;
    const p99Ok = items.p99 < P99_TARGET_MS;
    out.push(
      `- \`${list}\` (PGlite) at ${RATIO_TARGET} or more of the bare server's req/s: ` +
        (ratioOk
          ? `met (${items.ratio.toFixed(2)})`
          : `missed by ${(RATIO_TARGET - items.ratio).toFixed(2)} (${items.ratio.toFixed(2)})`),
    );
    out.push(
      `- \`${list}\` (PGlite) p99 under ${P99_TARGET_MS} ms: ` +
        (p99Ok
          ? `met (${items.p99} ms)`
          : `missed by ${items.p99 - P99_TARGET_MS} ms (${items.p99} ms)`),
    );
  }
  const pgItems = rows.find((r) => r.target === `PostgreSQL ${list}`);
  if (pgItems) {
    out.push(
      `- \`${list}\` (PostgreSQL): ratio ${pgItems.ratio.toFixed(2)} (${pgItems.ratio >= RATIO_TARGET ? 'met' : `missed by ${(RATIO_TARGET - pgItems.ratio).toFixed(2)}`}), ` +
        `p99 ${pgItems.p99} ms (${pgItems.p99 < P99_TARGET_MS ? 'met' : `missed by ${pgItems.p99 - P99_TARGET_MS} ms`})`,
    );
  }
  const pgOrders = rows.find((r) => r.target === `PostgreSQL ${named(shared.api.orders.place)}`);
  if (pgOrders) {
    const ok = pgOrders.acceptedRps >= 1000;
    out.push(
      `- Order placement on PostgreSQL, 1,000 orders/s or more: ` +
        (ok
          ? `met (${pgOrders.acceptedRps.toFixed(0)} accepted orders/s)`
          : `missed by ${(1000 - pgOrders.acceptedRps).toFixed(0)} orders/s (${pgOrders.acceptedRps.toFixed(0)} accepted orders/s)`) +
        `; nothing oversold: ${pgOrders.oversold ? 'missed (OVERSOLD)' : 'met'}`,
    );
  } else {
    out.push(
      '- Order placement on PostgreSQL: not measured in this run (set `BENCH_DATABASE_URL`).',
    );
  }
  for (const r of rows.filter(
    (row) => row.accepted !== undefined && row.target.startsWith('PGlite'),
  )) {
    out.push(
      `- Order placement on PGlite (for reference): ${r.acceptedRps.toFixed(0)} accepted orders/s; nothing oversold: ${r.oversold ? 'missed (OVERSOLD)' : 'met'}`,
    );
  }
  return out.join('\n');
}

function cpuModel() {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    return line ? line.split(':')[1].trim() : (cpus()[0]?.model ?? 'unknown');
  } catch {
    return cpus()[0]?.model ?? 'unknown';
  }
}

/** The idle memory's targets, met or missed, one line per database. */
function memoryTargets(runs) {
  const mb = (bytes) => bytes / 1024 / 1024;
  return runs
    .filter((run) => run.key !== 'pgliteFirstStart')
    .map((run) => {
      const target = IDLE_RSS_TARGETS_MB[run.database];
      const rss = mb(run.rssBytes);
      return (
        `- Idle RSS, ${run.label}: under ${target} MB: ` +
        (rss < target
          ? `met (${rss.toFixed(0)} MB)`
          : `missed by ${(rss - target).toFixed(0)} MB (${rss.toFixed(0)} MB)`)
      );
    })
    .join('\n');
}

function writeDoc(rows, memory) {
  const nproc = spawnSync('nproc', { encoding: 'utf8' }).stdout.trim() || String(cpus().length);
  const section = [
    '### Figures of the last run',
    '',
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ` +
      `${nproc} cores, ${cpuModel()}. autocannon, ${CONNECTIONS} connections, ${SECONDS} s per target ` +
      `after a ${WARMUP_SECONDS} s warm-up (none for orders); client and servers share the machine.`,
    '',
    table(rows),
    '',
    `The bare server answers the shop's own \`${named(shared.api.catalog.list)}\` answer (body and headers captured`,
    'once, as JSON and in Brotli) as constant bytes, in its own process; it is measured right before',
    "each shop, and that shop's ratios are to it (the Brotli row's to the Brotli one).",
    '',
    'Orders: ~50 customers place orders of the minimum quantity against one product; "refused" are',
    'non-2xx answers (409 once the stock runs out). Nothing is oversold when the stock taken equals',
    'the orders stored × minimum (201s plus requests still in flight when the run stopped) and',
    'stays at or above zero.',
    '',
    '#### Idle memory',
    '',
    'The built server started on its own (no load), read from /proc once its RSS settles; what',
    'holds it in the columns (scripts/lib/idle-memory.mjs, docs/decisions/016).',
    '',
    memory.table,
    '',
    '#### Targets',
    '',
    targets(rows),
    memoryTargets(memory.runs),
    '',
  ].join('\n');
  const file = join(root, 'docs/performance.md');
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  // Only the part between the markers is this script's; the analysis around it is written by hand.
  const block = `${BENCH_START}\n${section}${BENCH_END}`;
  const start = doc.indexOf(BENCH_START);
  const end = doc.indexOf(BENCH_END);
  doc =
    start === -1 || end === -1
      ? `${doc.trimEnd()}\n\n${block}\n`
      : `${doc.slice(0, start)}${block}${doc.slice(end + BENCH_END.length)}`;
  writeFileSync(file, doc.endsWith('\n') ? doc : `${doc}\n`);
  console.log(`\nWrote ${file}`);
}

// ---- main ----------------------------------------------------------------------------------
async function main() {
  ensureBuild();
  shared = await importShared();
  const pgliteChild = startBenchShop(3600, {});
  let pgChild = null;
  if (process.env.BENCH_DATABASE_URL) {
    const url = await createDatabase(process.env.BENCH_DATABASE_URL);
    pgChild = startBenchShop(3601, { DATABASE_URL: url });
  }
  await waitForHealth(local(3600), pgliteChild);
  if (pgChild) await waitForHealth(local(3601), pgChild);

  // The bare server answers the shop's own GET /api/items answers, byte for byte: as JSON for
  // the load without Accept-Encoding, in Brotli for the load that asks as a browser does. The
  // PostgreSQL shop's answers differ only in the products' ids and the rate-limit count.
  const itemsUrl = shared.createApiClient({ baseUrl: local(3600) }).url(shared.api.catalog.list);
  const bare = startBare({
    '/bare': await captureAnswer(itemsUrl),
    '/bare/br': await captureAnswer(itemsUrl, BROWSER_ENCODINGS),
  });
  await waitForHealth(local(BARE_PORT), bare);

  // Measured again right before each shop: other work on the machine drifts over a run of several
  // minutes, and a ratio is only as good as its two figures are close in time.
  const measureBare = async (label) => {
    console.log(`\nbare Fastify (port ${BARE_PORT}), before ${label}`);
    const plain = await measure(
      `bare Fastify (the shop's ${named(shared.api.catalog.list)} answer), before ${label}`,
      { url: `http://127.0.0.1:${BARE_PORT}/bare` },
    );
    const br = await measure(`bare Fastify (the same in Brotli), before ${label}`, {
      url: `http://127.0.0.1:${BARE_PORT}/bare/br`,
      headers: BROWSER_ENCODINGS,
    });
    return { rows: [plain, br], rps: plain.rps, brRps: br.rps };
  };
  const rows = [];
  for (const [label, port] of [['PGlite', 3600], ...(pgChild ? [['PostgreSQL', 3601]] : [])]) {
    const yardsticks = await measureBare(label);
    rows.push(...yardsticks.rows, ...(await benchShop(label, port, yardsticks)));
  }

  console.log(`\n${table(rows)}\n`);
  if (ONLY_ORDERS) return;
  // Idle memory with the loaded servers gone, so they take no CPU or memory from it.
  await cleanUp();
  const memory = await measureIdleMemory({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    log: (line) => console.log(line),
  });
  console.log(`\n${memory.table}\n`);
  writeDoc(rows, memory);
  // Checkout of 2,000 lines and reading orders among 100,000 (issues 13 and 27), on PostgreSQL.
  await benchPurchases();
  // Checkouts on account against one credit limit, and receivables among 1,000,000 entries.
  await benchAccounts();
  // A 1,000-line quote offered, accepted on account and its purchase read (issue 31).
  await benchQuotes();
  // A company's catalogue read with its API key beside its owner's token (issue 32).
  await benchApiKeys();
  // 10,000 webhook deliveries by two instances, one killed midway (issue 32).
  await benchWebhooks();
  await benchCatalogue();
  if (rows.some((r) => r.oversold))
    throw new Error('oversold: the stock taken does not match the accepted orders');
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
  if (dropDatabase) {
    // Give the server a moment to release its connections; FORCE drops any left anyway.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await dropDatabase().catch((error) =>
      console.error('could not drop the bench database:', error.message),
    );
  }
}
