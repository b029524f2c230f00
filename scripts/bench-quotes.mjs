// `npm run bench:quotes` (and the end of `npm run bench`): issue 31's figures on PostgreSQL.
// A 1,000-line quote, ROUNDS times: the admin's offer (PUT /quote/{id}/offer), the buyer's
// acceptance on account (PUT /quote/{id}/accept: the purchase placed through the one way to buy,
// invoiced and charged) and reading the purchase it made (GET /purchase/{id}), each p99 under 1 s.
// Asking for the quote is timed too, without a target. The products are made through the admin's
// API first (not timed). Prints a table and writes it to docs/performance.md between its
// quotes-bench markers.
// Env: BENCH_DATABASE_URL (required: the figures are PostgreSQL's).
import { ensureBuild } from './ensure-build.mjs';
import { benchShop, createDatabase, named, writePerformanceDoc } from './lib/bench-kit.mjs';
import { cleanUp, importShared } from './lib/shop-process.mjs';

const PORT = 3630;
const LINES = 1_000;
const ROUNDS = 5;
const P99_TARGET_MS = 1_000;
const START = '<!-- quotes-bench:start -->';
const END = '<!-- quotes-bench:end -->';

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** Runs `call` and answers its answer (checked against `status`) and how long it took. */
async function timed(shared, status, call) {
  const started = performance.now();
  const answer = await call();
  const ms = performance.now() - started;
  return { body: shared.expectStatus(answer, status), ms };
}

/** LINES products, made as the admin's Add Product page makes them, ten at a time. */
async function makeProducts(shared, client, adminToken) {
  const ids = [];
  for (let first = 0; first < LINES; first += 10) {
    const made = await Promise.all(
      Array.from({ length: Math.min(10, LINES - first) }, (_, i) =>
        client.call(
          shared.api.catalog.create,
          {
            body: {
              name: `Bench quoted part ${first + i + 1}`,
              img: '/images/products/ssd.svg',
              description: 'A part quoted by the quotes benchmark.',
              price: 40 + ((first + i) % 50),
              minimum: 1,
              available: 1_000_000,
            },
          },
          { token: adminToken },
        ),
      ),
    );
    for (const answer of made) {
      const product = shared.expectStatus(answer, 201);
      ids.push(product.insertedId ?? product._id);
    }
  }
  return ids;
}

function report(shared, rows) {
  const mark = (p99) => (p99 < P99_TARGET_MS ? 'met' : 'MISSED');
  return [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:quotes\` on PostgreSQL.`,
    '',
    '| Measure | p50 ms | p99 ms | target | |',
    '| --- | ---: | ---: | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.p50.toFixed(0)} | ${row.p99.toFixed(0)} | ${row.target ? `p99 < ${P99_TARGET_MS} ms` : 'none'} | ${row.target ? mark(row.p99) : ''} |`,
    ),
  ].join('\n');
}

export async function benchQuotes() {
  if (!process.env.BENCH_DATABASE_URL) {
    console.log("\nquotes bench: set BENCH_DATABASE_URL (its figures are PostgreSQL's); skipped");
    return null;
  }
  ensureBuild();
  const shared = await importShared();
  const { api } = shared;
  const database = await createDatabase(process.env.BENCH_DATABASE_URL, 'shop_bench_quotes');
  try {
    const { client, adminToken, token, company } = await benchShop(shared, {
      port: PORT,
      prefix: 'quotes',
      env: { DATABASE_URL: database.url },
      customer: 'Bench Integrator',
      companyName: 'Bench Projects Ltd',
    });
    shared.expectStatus(
      await client.call(
        api.companies.putTerms,
        {
          params: { id: company._id },
          body: { paymentTerms: 'net30', creditLimit: null, onHold: false },
        },
        { token: adminToken },
      ),
      200,
    );
    console.log(`\nquotes bench on PostgreSQL (port ${PORT}): making ${LINES} products`);
    const productIds = await makeProducts(shared, client, adminToken);

    const times = { request: [], offer: [], accept: [], read: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      const lines = productIds.map((productId, i) => ({ productId, quantity: 10 + (i % 7) }));
      const asked = await timed(shared, 201, () =>
        client.call(
          api.quotes.create,
          {
            body: {
              lines: lines.map((line) => ({ ...line, targetPrice: 30 })),
              message: 'A whole data centre.',
            },
          },
          { token },
        ),
      );
      times.request.push(asked.ms);
      const params = { id: asked.body._id };
      const offered = await timed(shared, 200, () =>
        client.call(
          api.quotes.offer,
          {
            params,
            body: {
              lines: lines.map((line, i) => ({ ...line, unitPrice: 35 + (i % 10) / 4 })),
              expiresAt: new Date(Date.now() + 14 * 86_400_000).toISOString(),
              note: 'Project pricing.',
            },
          },
          { token: adminToken },
        ),
      );
      times.offer.push(offered.ms);
      const accepted = await timed(shared, 200, () =>
        client.call(
          api.quotes.accept,
          {
            params,
            body: {
              number: '+1 512 555 0142',
              address: '9600 Great Hills Trail, Austin',
              paymentMethod: 'account',
              version: 1,
            },
          },
          { token },
        ),
      );
      times.accept.push(accepted.ms);
      if (accepted.body.purchase.orders.length !== LINES) {
        throw new Error(`the purchase has ${accepted.body.purchase.orders.length} lines`);
      }
      const read = await timed(shared, 200, () =>
        client.call(api.purchases.get, { params: { id: accepted.body.purchase._id } }, { token }),
      );
      times.read.push(read.ms);
      console.log(
        `  round ${round + 1}: request ${asked.ms.toFixed(0)} ms, offer ${offered.ms.toFixed(0)} ms, accept ${accepted.ms.toFixed(0)} ms, read ${read.ms.toFixed(0)} ms`,
      );
    }
    const row = (label, values, target) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { label, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), target };
    };
    const rows = [
      row(
        `${named(shared, api.quotes.create)}, ${LINES.toLocaleString('en-US')} lines (${ROUNDS} quotes)`,
        times.request,
        false,
      ),
      row(
        `${named(shared, api.quotes.offer)}, ${LINES.toLocaleString('en-US')} lines`,
        times.offer,
        true,
      ),
      row(
        `${named(shared, api.quotes.accept)} on account: the ${LINES.toLocaleString('en-US')}-line purchase placed, invoiced and charged`,
        times.accept,
        true,
      ),
      row(`${named(shared, api.purchases.get)} of that purchase`, times.read, true),
    ];
    const text = report(shared, rows);
    console.log(`\n${text}\n`);
    writePerformanceDoc(START, END, text);
    return text;
  } finally {
    await cleanUp();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database
      .drop()
      .catch((error) => console.error('could not drop the bench database:', error.message));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchQuotes().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
