// `npm run bench:accounts` (and the end of `npm run bench`): issue 30's figures on PostgreSQL.
// 1. 100 checkouts on account at once against one company's credit limit: exactly as many are
//    accepted as the limit allows (the rest answer 409 with the credit left), and their p99
//    (target < 200 ms). On a shop warmed up by a few checkouts (a running shop is), in ROUNDS
//    rounds, each with the same room in the credit and once the emails of the one before are
//    sent; beside it, 100 reads of the buyer's profile at once: what any 100 signed-in requests
//    at once take on this machine, the floor.
// 2. With 10,000 companies on terms and 1,000,000 ledger entries (seeded straight into the
//    tables: what is measured is reading them), the admin's receivables: the first page, the
//    overdue ones, one request at a time so the latency is the server's time (target p99 <
//    200 ms).
// Prints a table and writes it to docs/performance.md between its accounts-bench markers.
// Env: BENCH_DATABASE_URL (required: the figures are PostgreSQL's), BENCH_SECONDS (default 5).
import pg from 'pg';
import { ensureBuild } from './ensure-build.mjs';
import {
  benchShop,
  createDatabase,
  latency,
  named,
  writePerformanceDoc,
} from './lib/bench-kit.mjs';
import { cleanUp, importShared } from './lib/shop-process.mjs';

const PORT = 3620;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5) || 5;
const CONCURRENT = 100;
const ROUNDS = 5;
const WARM_UP = 10;
const PRICE = 1000;
/** Dollars of credit: room for 37 pieces at PRICE, fewer once shipping and tax are added. */
const CREDIT_LIMIT = 37 * PRICE;
const CHECKOUT_P99_TARGET_MS = 200;
const COMPANIES = 10_000;
const ENTRIES = 1_000_000;
const OPEN_PER_COMPANY = 2;
const READ_P99_TARGET_MS = 200;
const START = '<!-- accounts-bench:start -->';
const END = '<!-- accounts-bench:end -->';

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

const checkoutBody = (productId) => ({
  lines: [{ productId, quantity: 1 }],
  number: '+1 512 555 0142',
  address: '9600 Great Hills Trail, Austin',
  paymentMethod: 'account',
});

/** CONCURRENT checkouts on account sent at once; their statuses and times. */
async function concurrentCheckouts(shared, client, token, productId) {
  const body = checkoutBody(productId);
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      const started = performance.now();
      const answer = await client.call(shared.api.purchases.checkout, { body }, { token });
      return { status: answer.status, body: answer.body, ms: performance.now() - started };
    }),
  );
  // Every purchase costs the same (a piece, its shipping and tax): the limit fits this many.
  const total = answers.find((answer) => answer.status === 201)?.body.total ?? PRICE;
  return {
    expected: Math.floor(CREDIT_LIMIT / total),
    total,
    accepted: answers.filter((answer) => answer.status === 201).length,
    refused: answers.filter((answer) => answer.status === 409).length,
    other: answers.filter((answer) => answer.status !== 201 && answer.status !== 409).length,
    times: answers.map((answer) => answer.ms),
  };
}

/**
 * CONCURRENT reads of the buyer's profile at once (SPEC's GET /userinfo/{email}: the token
 * checked, one row read): what any signed-in request costs here, the floor.
 */
async function concurrentReads(shared, client, buyer) {
  const params = { email: buyer.email };
  return Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      const started = performance.now();
      shared.expectStatus(
        await client.call(shared.api.profile.get, { params }, { token: buyer.token }),
        200,
      );
      return performance.now() - started;
    }),
  );
}

/** Sets the company's limit to what it owes plus CREDIT_LIMIT: every round has the same room. */
async function freshCredit(shared, client, companyId, adminToken) {
  const { api, expectStatus } = shared;
  const params = { id: companyId };
  const account = expectStatus(
    await client.call(api.companies.account, { params }, { token: adminToken }),
    200,
  );
  const creditLimit = Math.round((account.balance + CREDIT_LIMIT) * 100) / 100;
  expectStatus(
    await client.call(
      api.companies.putTerms,
      { params, body: { paymentTerms: 'net30', creditLimit, onHold: false } },
      { token: adminToken },
    ),
    200,
  );
}

/**
 * Waits until the shop has sent every email queued so far (each purchase on account mails its
 * invoice, a PDF to draw): a round measures the checkouts, not the last round's mail.
 */
async function emailsSent(db) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await db.query(
      // Pending and never failed: waiting or being sent now (kernel/jobs.ts).
      "select count(*)::int as left from jobs where queue = 'email' and state = 'pending' and last_error is null",
    );
    if (rows[0].left === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${rows[0].left} emails still unsent after a minute`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The shop warmed up as a running one is (its code compiled, its email templates loaded): a few
 * checkouts on account one at a time, then as many at once.
 */
async function warmUp(shared, client, buyer, productId) {
  const body = checkoutBody(productId);
  const checkout = () =>
    client.call(shared.api.purchases.checkout, { body }, { token: buyer.token });
  for (let i = 0; i < WARM_UP; i += 1) shared.expectStatus(await checkout(), 201);
  for (const answer of await Promise.all(Array.from({ length: WARM_UP }, checkout))) {
    shared.expectStatus(answer, 201);
  }
  await concurrentReads(shared, client, buyer);
}

/** ROUNDS rounds of CONCURRENT checkouts, each with CREDIT_LIMIT of room; all their times. */
async function checkoutRounds(shared, client, db, ids, tokens) {
  const rounds = [];
  const reads = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await freshCredit(shared, client, ids.company, tokens.admin);
    await emailsSent(db);
    reads.push(...(await concurrentReads(shared, client, tokens.buyer)));
    rounds.push(await concurrentCheckouts(shared, client, tokens.buyer.token, ids.product));
  }
  const times = rounds.flatMap((round) => round.times).sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  const [first] = rounds;
  return {
    expected: first.expected,
    total: first.total,
    accepted: rounds.map((round) => round.accepted),
    refused: rounds.map((round) => round.refused),
    exact: rounds.every((round) => round.accepted === first.expected && round.other === 0),
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    floor: { p50: percentile(reads, 0.5), p99: percentile(reads, 0.99) },
  };
}

/**
 * COMPANIES companies on Net 30 and ENTRIES ledger entries among them, as a shop that has run for
 * years holds them: each company 50 invoices (a purchase on account each) and 50 payments; the
 * last two invoices still open (OPEN_PER_COMPANY), due from 100 days ago to 30 days ahead, the
 * rest paid; each company's balance what its open invoices ask, as the app keeps it.
 */
async function seedLedger(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  // Invoices and payments of the paid ones: ENTRIES / COMPANIES entries a company.
  const invoices = (ENTRIES / COMPANIES + OPEN_PER_COMPANY) / 2;
  await db.query(
    `insert into companies (name, payment_terms, credit_limit)
     select 'Bench Company ' || g, 'net30', 10000000 from generate_series(1, $1::int) as g`,
    [COMPANIES],
  );
  await db.query(
    `insert into purchases (name, email, phone, address, company, company_id, payment_terms,
                            invoice_number, invoiced_at, due_date, amount_due, created_at)
     select 'BENCH BUYER', 'buyer@bench.example', '555-123-4567', '1 Bench Street', c.name, c.id,
            'net30', 'BENCH-' || c.id || '-' || i, now() - make_interval(days => d.age),
            (now() at time zone 'UTC')::date - d.age + 30,
            case when i > $2::int then 100000 else 0 end, now() - make_interval(days => d.age)
     from companies c, generate_series(1, $1::int) as i,
          lateral (select (i * 7 + abs(hashtext(c.name))) % 130 as age) as d
     where c.name like 'Bench Company %'`,
    [invoices, invoices - OPEN_PER_COMPANY],
  );
  await db.query(
    `insert into ledger_entries (company_id, kind, amount, balance_after, reference, purchase_id, at)
     select p.company_id, 'invoice', 100000, 0, p.invoice_number, p.id, p.invoiced_at
     from purchases p where p.invoice_number like 'BENCH-%'`,
  );
  await db.query(
    `insert into ledger_entries (company_id, kind, amount, balance_after, reference, at)
     select p.company_id, 'payment', -100000, 0, 'WIRE ' || p.invoice_number, p.invoiced_at
     from purchases p where p.invoice_number like 'BENCH-%' and p.amount_due = 0`,
  );
  await db.query(
    `update companies c set balance = s.total
     from (select company_id, sum(amount_due) as total from purchases
           where invoice_number like 'BENCH-%' group by company_id) s
     where s.company_id = c.id`,
  );
  await db.query('vacuum analyze');
  const {
    rows: [{ count }],
  } = await db.query('select count(*)::int as count from ledger_entries');
  await db.end();
  return count;
}

function report(shared, checkouts, entryCount, reads) {
  const mark = (value, target) => (value < target ? 'met' : 'MISSED');
  const { exact } = checkouts;
  const each = (counts) => (new Set(counts).size === 1 ? `${counts[0]}` : counts.join(', '));
  return [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:accounts\` on PostgreSQL.`,
    '',
    '| Measure | p50 ms | p99 ms | target | |',
    '| --- | ---: | ---: | --- | --- |',
    `| ${CONCURRENT} ${named(shared, shared.api.purchases.checkout)} on account at once, $${CREDIT_LIMIT.toLocaleString('en-US')} of credit for purchases of ${shared.formatMoney(checkouts.total)} (shipping and tax included), room for ${checkouts.expected}; ${ROUNDS} rounds: ${each(checkouts.accepted)} accepted, ${each(checkouts.refused)} refused with 409 | ${checkouts.p50.toFixed(0)} | ${checkouts.p99.toFixed(0)} | exactly as many as fit, p99 < ${CHECKOUT_P99_TARGET_MS} ms | ${exact ? mark(checkouts.p99, CHECKOUT_P99_TARGET_MS) : 'FAILED'} |`,
    `| The floor, for comparison: ${CONCURRENT} ${named(shared, shared.api.profile.get)} at once by the same buyer, before each round | ${checkouts.floor.p50.toFixed(0)} | ${checkouts.floor.p99.toFixed(0)} | none | |`,
    ...reads.map(
      (row) =>
        `| ${row.label}, ${COMPANIES.toLocaleString('en-US')} companies, ${entryCount.toLocaleString('en-US')} ledger entries | ${row.p50} | ${row.p99} | p99 < ${READ_P99_TARGET_MS} ms | ${row.ok ? mark(row.p99, READ_P99_TARGET_MS) : 'FAILED'} |`,
    ),
  ].join('\n');
}

export async function benchAccounts() {
  if (!process.env.BENCH_DATABASE_URL) {
    console.log("\naccounts bench: set BENCH_DATABASE_URL (its figures are PostgreSQL's); skipped");
    return null;
  }
  ensureBuild();
  const shared = await importShared();
  const database = await createDatabase(process.env.BENCH_DATABASE_URL, 'shop_bench_accounts');
  try {
    const { api } = shared;
    const { client, adminToken, token, company, person } = await benchShop(shared, {
      port: PORT,
      prefix: 'accounts',
      env: { DATABASE_URL: database.url },
      customer: 'Bench Owner',
      companyName: 'Bench Credit Ltd',
    });
    shared.expectStatus(
      await client.call(
        api.companies.putTerms,
        {
          params: { id: company._id },
          body: { paymentTerms: 'net30', creditLimit: CREDIT_LIMIT, onHold: false },
        },
        { token: adminToken },
      ),
      200,
    );
    const product = shared.expectStatus(
      await client.call(
        api.catalog.create,
        {
          body: {
            name: 'Bench account server',
            img: '/images/products/case.svg',
            description: 'A server bought on account by the accounts benchmark.',
            price: PRICE,
            minimum: 1,
            available: 1_000_000,
          },
        },
        { token: adminToken },
      ),
      201,
    );

    console.log(`\naccounts bench on PostgreSQL (port ${PORT})`);
    const productId = product.insertedId ?? product._id;
    const buyer = { email: person.email, token };
    await warmUp(shared, client, buyer, productId);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const checkouts = await checkoutRounds(
      shared,
      client,
      db,
      { company: company._id, product: productId },
      { admin: adminToken, buyer },
    ).finally(() => db.end());
    console.log(
      `  ${ROUNDS} x ${CONCURRENT} checkouts on account at once: ${checkouts.accepted.join(', ')} accepted, p50 ${checkouts.p50.toFixed(0)} ms, p99 ${checkouts.p99.toFixed(0)} ms (the floor: ${checkouts.floor.p99.toFixed(0)} ms)`,
    );

    const entryCount = await seedLedger(database.url);
    console.log(`  seeded: ${entryCount} ledger entries`);
    const reads = [
      await latency(
        `${named(shared, api.companies.receivables)} (first page)`,
        client.url(api.companies.receivables),
        { seconds: SECONDS, token: adminToken },
      ),
      await latency(
        `${named(shared, api.companies.receivables)}?filter=overdue&page=50`,
        client.url(api.companies.receivables, { query: { filter: 'overdue', page: 50 } }),
        { seconds: SECONDS, token: adminToken },
      ),
    ];
    const text = report(shared, checkouts, entryCount, reads);
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
  benchAccounts().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
