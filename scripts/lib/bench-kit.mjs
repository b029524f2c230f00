// What the issue benchmarks (bench-purchases.mjs, bench-catalogue.mjs) share: a throwaway
// PostgreSQL database, one-at-a-time latency by autocannon, route names from the contracts, and
// writing a table into docs/performance.md between a benchmark's markers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { root } from './shop-process.mjs';

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
