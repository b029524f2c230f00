// What the issue benchmarks (bench-purchases.mjs, bench-catalogue.mjs, ...) share: a throwaway
// PostgreSQL database, a started shop with the demo admin and a verified customer signed in,
// one-at-a-time latency by autocannon, route names from the contracts, and writing a table into
// docs/performance.md between a benchmark's markers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, startShop, tempDir, waitForHealth } from './shop-process.mjs';
import { verifiedCustomer } from './verified-customer.mjs';

/** The demo admin of a bench shop (`startShop` sets DEMO_PASSWORDS=fixed). */
const DEMO_ADMIN = { email: 'admin@partsworks.com', password: 'Admin#2026' };

/**
 * A bench shop on `port` (its own DATA_DIR, `env` added), once healthy: a client, the demo
 * admin's token and a new verified customer named `customer`, who owns a company named
 * `companyName` when one is given.
 */
export async function benchShop(shared, { port, prefix, env = {}, customer, companyName }) {
  const dataDir = tempDir(`shop-bench-${prefix}-`);
  const child = startShop(port, { DATA_DIR: dataDir, ...env }, ['ignore', 'pipe', 'inherit']);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  const client = shared.createApiClient({ baseUrl: base });
  const { token: adminToken } = await shared.signInForToken(client, shared.api, DEMO_ADMIN);
  const person = {
    name: customer,
    email: `bench-${prefix}-${Date.now()}@example.com`,
    password: 'Bench#2026',
  };
  const token = await verifiedCustomer(shared, client, base, dataDir, person);
  const company = companyName
    ? shared.expectStatus(
        await client.call(shared.api.companies.create, { body: { name: companyName } }, { token }),
        201,
      )
    : null;
  return { child, base, client, dataDir, adminToken, token, company, person };
}

/** "GET /api/items": a contract's method and path, for the table. */
export const named = (shared, contract) =>
  `${contract.method} ${shared.API_PREFIX}${contract.path}`;

/** A database of its own on the server at `url`, named after `prefix`, and how to drop it. */
export async function createDatabase(url, prefix) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * p50/p99 of `url` asked one request at a time for `seconds`, so the latency is the server's
 * time; `token`, when given, is sent as the bearer.
 */
export async function latency(label, url, { seconds, token } = {}) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const result = await new Promise((resolve, reject) =>
    autocannon({ url, connections: 1, duration: seconds, headers }, (error, answer) =>
      error ? reject(error) : resolve(answer),
    ),
  );
  const ok = result.non2xx === 0 && result.errors === 0;
  console.log(
    `  ${label}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
      `${ok ? '' : ` (non-2xx ${result.non2xx}, errors ${result.errors})`}`,
  );
  return { label, p50: result.latency.p50, p99: result.latency.p99, ok };
}

/** Replaces what stands between `start` and `end` in docs/performance.md with `text`. */
export function writePerformanceDoc(start, end, text) {
  const file = join(root, 'docs/performance.md');
  const doc = readFileSync(file, 'utf8');
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from === -1 || to === -1) {
    console.warn(`docs/performance.md has no ${start} ... ${end} markers; not written`);
    return;
  }
  writeFileSync(file, `${doc.slice(0, from + start.length)}\n${text}\n${doc.slice(to)}`);
}
