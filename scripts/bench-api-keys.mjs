// `npm run bench:api-keys` (and the end of `npm run bench`): issue 32's figure. GET /api/products
// (the catalogue search at the company's prices) asked by a company owner with their shop token
// and with their company's API key, one after the other, ROUNDS times each, on the embedded
// database: the key's requests per second within 5 % of the token's. Prints a table and writes
// it to docs/performance.md between its api-keys-bench markers.
// Env: BENCH_SECONDS (default 10: each round runs BENCH_SECONDS / 2 per credential).
import autocannon from 'autocannon';
import { ensureBuild } from './ensure-build.mjs';
import { benchShop, named, writePerformanceDoc } from './lib/bench-kit.mjs';
import { cleanUp, importShared } from './lib/shop-process.mjs';

const PORT = 3640;
const ROUNDS = 3;
const CONNECTIONS = 10;
const SECONDS = Math.max(2, Math.round((Number(process.env.BENCH_SECONDS ?? 10) || 10) / 2));
/** Issue 32: a key-authenticated read within 5 % of a token-authenticated one. */
const WITHIN = 0.05;
const START = '<!-- api-keys-bench:start -->';
const END = '<!-- api-keys-bench:end -->';

/** Requests per second and p50/p99 of `url` with `bearer`, CONNECTIONS at once for `seconds`. */
async function load(url, bearer, seconds) {
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { authorization: `Bearer ${bearer}` },
      },
      (error, answer) => (error ? reject(error) : resolve(answer)),
    ),
  );
  if (result.non2xx !== 0 || result.errors !== 0) {
    throw new Error(`${result.non2xx} answers not 2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

export async function benchApiKeys() {
  ensureBuild();
  const shared = await importShared();
  const { api } = shared;
  try {
    const { base, client, adminToken, token, company } = await benchShop(shared, {
      port: PORT,
      prefix: 'keys',
      customer: 'Bench Purchasing',
      companyName: 'Bench Keys Ltd',
    });
    // A contract price, so both credentials take the member's path (the company's prices).
    const page = shared.expectStatus(await client.call(api.catalog.search, {}), 200);
    shared.expectStatus(
      await client.call(
        api.companies.putPrice,
        {
          params: { id: company._id, productId: page.items[0]._id },
          body: { price: Math.max(1, Math.floor(page.items[0].price * 0.9)) },
        },
        { token: adminToken },
      ),
      200,
    );
    const key = shared.expectStatus(
      await client.call(
        api.apiKeys.create,
        { body: { name: 'Bench purchasing system', scopes: ['catalog:read'] } },
        { token },
      ),
      201,
    );
    const url = `${base}${shared.apiPath(api.catalog.search, {})}`;
    console.log(
      `\nAPI keys bench (port ${PORT}): ${named(shared, api.catalog.search)}, a member's`,
    );
    await load(url, token, 2);
    await load(url, key.secret, 2);
    const rounds = { token: [], key: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternating, so a slower moment of the machine falls on both.
      rounds.token.push(await load(url, token, SECONDS));
      rounds.key.push(await load(url, key.secret, SECONDS));
      const [t, k] = [rounds.token.at(-1), rounds.key.at(-1)];
      console.log(
        `  round ${round + 1}: token ${t.rps.toFixed(0)} req/s, key ${k.rps.toFixed(0)} req/s`,
      );
    }
    const tokenRps = mean(rounds.token.map((r) => r.rps));
    const keyRps = mean(rounds.key.map((r) => r.rps));
    const ratio = keyRps / tokenRps;
    const text = [
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:api-keys\` on the embedded database, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each.`,
      '',
      '| Credential | req/s | p50 ms | p99 ms |',
      '| --- | ---: | ---: | ---: |',
      ...[
        ['Shop token', rounds.token],
        ['API key', rounds.key],
      ].map(
        ([label, runs]) =>
          `| ${label} | ${mean(runs.map((r) => r.rps)).toFixed(0)} | ${mean(runs.map((r) => r.p50)).toFixed(1)} | ${mean(runs.map((r) => r.p99)).toFixed(1)} |`,
      ),
      '',
      `The key's requests per second are ${(ratio * 100).toFixed(1)} % of the token's (target: at least ${((1 - WITHIN) * 100).toFixed(0)} %): ${ratio >= 1 - WITHIN ? 'met' : 'MISSED'}.`,
    ].join('\n');
    console.log(`\n${text}\n`);
    writePerformanceDoc(START, END, text);
    return text;
  } finally {
    await cleanUp();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchApiKeys().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
