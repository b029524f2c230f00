// `npm run bench:catalogue` (and the end of `npm run bench`): issue 14's figures with 100,000
// products, on PostgreSQL (BENCH_DATABASE_URL) and on the embedded PGlite.
// 1. GET /api/products: p50/p99 of a common word, an exact part number, a typo, a category with a
//    sort, a deep page, the first page without a search; one request at a time, so the latency
//    is the server's time (target p99 < 50 ms on PostgreSQL).
// 2. GET /api/items: what it answers at that size (the newest ITEMS_LIST_MAX, docs/decisions/019)
//    in products and bytes, and its p99.
// 3. The server's resident memory after all of it (target < 300 MB).
// PostgreSQL is seeded straight into the table (what is measured is reading); PGlite, whose
// database only the server opens, through the admin's CSV import in chunks.
// Prints a table and writes it to docs/performance.md between its catalogue-bench markers.
// Env: BENCH_DATABASE_URL (PostgreSQL; without it only PGlite runs), BENCH_SECONDS (default 5),
// BENCH_PGLITE_PRODUCTS (default 100000).
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { ensureBuild } from './ensure-build.mjs';
import { createDatabase, latency, named, writePerformanceDoc } from './lib/bench-kit.mjs';
import { cleanUp, importShared, startShop, waitForHealth } from './lib/shop-process.mjs';

const PORT = 3620;
const PRODUCTS = 100_000;
const PGLITE_PRODUCTS = Number(process.env.BENCH_PGLITE_PRODUCTS ?? PRODUCTS);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5) || 5;
const SEARCH_P99_TARGET_MS = 50;
const RSS_TARGET_MB = 300;
const START = '<!-- catalogue-bench:start -->';
const END = '<!-- catalogue-bench:end -->';

const CATEGORIES = [
  'processors',
  'graphics-cards',
  'memory',
  'storage',
  'motherboards',
  'power-supplies',
  'cases',
  'cooling',
  'networking',
  'cables',
];
const KINDS = ['Server', 'Workstation', 'Desktop', 'Rugged', 'Compact', 'Enterprise', 'Edge'];
const THINGS = [
  'Processor',
  'Graphics Card',
  'Memory Kit',
  'NVMe SSD',
  'Motherboard',
  'Power Supply',
  'Chassis',
  'Cooler',
  'Network Card',
  'Cable',
];

/** The bench's product number g (1-based), as a CSV row and as the SQL below makes it. */
const benchRow = (g) => {
  const c = g % CATEGORIES.length;
  const price = 5 + (g % 997);
  return [
    `BN-${String(g).padStart(6, '0')}`,
    `${KINDS[g % KINDS.length]} ${THINGS[c]} Model ${g}`,
    CATEGORIES[c],
    price,
    10,
    1,
    '',
    1000 + (g % 5000),
    100,
    `100:${Math.max(price - 1, 0)}; 1000:${Math.max(price - 2, 0)}`,
    `Series: ${g % 50}\nWarranty: ${1 + (g % 5)} years`,
    '/images/products/ssd.svg',
    `A ${THINGS[c].toLowerCase()} of the bench catalogue, part ${g}, rated for continuous duty.`,
  ];
};

/** 100,000 products, as benchRow makes them, in one statement. */
async function seedPostgres(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(
    `insert into products (sku, name, category, price, minimum, increment, available,
                           low_stock_threshold, price_tiers, specs, img, description)
     select 'BN-' || lpad(g::text, 6, '0'),
            (array[${KINDS.map((k) => `'${k}'`).join(',')}])[g % ${KINDS.length} + 1] || ' ' ||
              (array[${THINGS.map((k) => `'${k}'`).join(',')}])[g % ${CATEGORIES.length} + 1] ||
              ' Model ' || g,
            (array[${CATEGORIES.map((k) => `'${k}'`).join(',')}])[g % ${CATEGORIES.length} + 1],
            5 + g % 997, 10, 1, 1000 + g % 5000, 100,
            jsonb_build_array(jsonb_build_object('minQuantity', 100, 'price', greatest(4 + g % 997, 0)),
                              jsonb_build_object('minQuantity', 1000, 'price', greatest(3 + g % 997, 0))),
            jsonb_build_array(jsonb_build_object('label', 'Series', 'value', (g % 50)::text)),
            '/images/products/ssd.svg',
            'A ' || lower((array[${THINGS.map((k) => `'${k}'`).join(',')}])[g % ${CATEGORIES.length} + 1]) ||
              ' of the bench catalogue, part ' || g || ', rated for continuous duty.'
     from generate_series(1, $1::int) as g`,
    [PRODUCTS],
  );
  await db.query('analyze products');
  const {
    rows: [{ count }],
  } = await db.query('select count(*)::int as count from products');
  await db.end();
  return count;
}

/** The same products through POST /admin/products/import, CHUNK rows at a time. */
async function seedThroughImport(shared, client, token, count) {
  const CHUNK = 2000;
  const header =
    'sku,name,category,price,minimum,increment,maximum,available,lowStockThreshold,priceTiers,specs,img,description';
  const cell = (value) =>
    /[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value);
  for (let first = 1; first <= count; first += CHUNK) {
    const rows = [];
    for (let g = first; g < Math.min(first + CHUNK, count + 1); g++)
      rows.push(benchRow(g).map(cell).join(','));
    shared.expectStatus(
      await client.call(
        shared.api.catalog.importCsv,
        { body: { csv: `${header}\n${rows.join('\n')}\n`, dryRun: false } },
        { token },
      ),
      200,
    );
  }
}

const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** One request at a time for BENCH_SECONDS. */
const time = (label, url) => latency(label, url, { seconds: SECONDS });

async function measure(shared, base, child) {
  const client = shared.createApiClient({ baseUrl: base });
  const search = (query) => client.url(shared.api.catalog.search, { query });
  const rows = [
    await time('first page, newest first', search({})),
    await time('?q=ssd (a common word)', search({ q: 'nvme ssd' })),
    await time('?q=BN-054321 (a part number)', search({ q: 'BN-054321' })),
    await time('?q=procesor (a typo)', search({ q: 'procesor' })),
    await time('?category=storage&sort=price', search({ category: 'storage', sort: 'price' })),
    await time('?q=server&sort=-price&page=50', search({ q: 'server', sort: '-price', page: 50 })),
  ];
  const itemsUrl = client.url(shared.api.catalog.list);
  const items = await fetch(itemsUrl);
  const body = await items.text();
  const list = JSON.parse(body);
  const itemsName = named(shared, shared.api.catalog.list);
  const itemsRow = await time(itemsName, itemsUrl);
  return {
    searchName: named(shared, shared.api.catalog.search),
    itemsName,
    rows,
    items: { count: list.length, bytes: Buffer.byteLength(body), ...itemsRow },
    rss: rssMb(child.pid),
  };
}

async function run(kind, env, seed) {
  const child = startShop(PORT, env);
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitForHealth(base, child);
    const shared = await importShared();
    const count = await seed(shared, base);
    console.log(`\ncatalogue bench on ${kind}: ${count.toLocaleString('en-US')} products`);
    // The in-memory copy of GET /items is renewed within a second of the seed.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return { kind, count, ...(await measure(shared, base, child)) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

function report(results) {
  const mark = (ok, value, target) => (!ok ? 'FAILED' : value < target ? 'met' : 'MISSED');
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:catalogue\`, one request at a time.`,
    '',
    '| Database | Measure | p50 ms | p99 ms | target | |',
    '| --- | --- | ---: | ---: | --- | --- |',
  ];
  for (const r of results) {
    const target = r.kind === 'PostgreSQL' ? `p99 < ${SEARCH_P99_TARGET_MS} ms` : '(reported)';
    for (const row of r.rows)
      lines.push(
        `| ${r.kind}, ${r.count.toLocaleString('en-US')} products | ${r.searchName}${row.label.startsWith('?') ? row.label : ` (${row.label})`} | ${row.p50} | ${row.p99} | ${target} | ${r.kind === 'PostgreSQL' ? mark(row.ok, row.p99, SEARCH_P99_TARGET_MS) : row.ok ? '' : 'FAILED'} |`,
      );
    lines.push(
      `| ${r.kind} | ${r.itemsName}: ${r.items.count} products, ${(r.items.bytes / 1024).toFixed(0)} KB | ${r.items.p50} | ${r.items.p99} | the newest ${r.items.count} whatever the size | ${r.items.ok ? '' : 'FAILED'} |`,
      `| ${r.kind} | server RSS after the bench | ${r.rss.toFixed(0)} MB | | < ${RSS_TARGET_MB} MB | ${r.rss < RSS_TARGET_MB ? 'met' : 'MISSED'} |`,
    );
  }
  return lines.join('\n');
}

export async function benchCatalogue() {
  ensureBuild();
  const results = [];
  try {
    if (process.env.BENCH_DATABASE_URL) {
      const database = await createDatabase(process.env.BENCH_DATABASE_URL, 'shop_bench_catalogue');
      try {
        results.push(
          await run('PostgreSQL', { DATABASE_URL: database.url }, () => seedPostgres(database.url)),
        );
      } finally {
        await database.drop().catch((error) => console.error('could not drop:', error.message));
      }
    } else {
      console.log('\ncatalogue bench: set BENCH_DATABASE_URL for the PostgreSQL figures');
    }
    if (PGLITE_PRODUCTS > 0)
      results.push(
        await run('PGlite', {}, async (shared, base) => {
          const client = shared.createApiClient({ baseUrl: base });
          const admin = { email: 'admin@partsworks.com', password: 'Admin#2026' };
          const { token } = await shared.signInForToken(client, shared.api, admin);
          await seedThroughImport(shared, client, token, PGLITE_PRODUCTS);
          return PGLITE_PRODUCTS;
        }),
      );
  } finally {
    await cleanUp();
  }
  const text = report(results);
  console.log(`\n${text}\n`);
  writePerformanceDoc(START, END, text);
  return text;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchCatalogue().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
