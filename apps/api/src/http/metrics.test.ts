import { api, apiPath } from '@shop/shared';
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import { injectUnchecked } from '../test-support/inject.js';
import { checkout, payPurchase } from '../test-support/purchases.js';
import { addProduct, orderTestEnv, shopper, type Shopper } from '../test-support/shop.js';
import { METRICS_PATH } from './metrics.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/**
 * GET /metrics (issue 33 item 4): closed without its token, and what it answers is Prometheus's
 * text format, read here by a parser of that format, with the figures a dashboard needs.
 */
describe.each(testDatabases())('GET /metrics on %s', (kind) => {
  let t: TestApp;
  let buyer: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv({ METRICS_TOKEN: TOKEN }) });
    buyer = await shopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.body;
  };
  const family = (families: ParsedFamily[], name: string) => {
    const found = families.find((entry) => entry.name === name);
    if (!found) throw new Error(`No ${name} in the metrics.`);
    return found;
  };
  const valueOf = (families: ParsedFamily[], name: string, labels: Record<string, string>) =>
    Number(
      family(families, name).metrics.find((sample) =>
        Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
      )?.value ?? 0,
    );

  it('refuses a request without the token, or with another', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token-at-all-0000000' }]) {
      const answer = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers });
      expect(answer.statusCode).toBe(401);
      expect(answer.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('counts purchases placed and refused, stock held, requests by route, jobs, memory', async () => {
    const before = parsePrometheusTextFormat(await scrape());
    const product = await addProduct(t, { price: 25, available: 10 });
    const placed = await checkout(t, buyer, [{ productId: product._id, quantity: 4 }]);
    // More than there is: refused for its lines.
    const refused = await injectUnchecked(
      t,
      api.purchases.checkout,
      {
        body: {
          lines: [{ productId: product._id, quantity: 50 }],
          number: '+1 512 555 0100',
          address: '1 Main Street, Austin',
        },
      },
      buyer,
    );
    expect(refused.statusCode).toBe(409);

    const text = await scrape();
    const after = parsePrometheusTextFormat(text);
    const grew = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(grew('shop_purchases_placed_total', { way: 'card' })).toBe(1);
    expect(grew('shop_purchases_refused_total', { reason: 'lines' })).toBe(1);
    // Paid by card, it counts among the paid.
    await payPurchase(t, buyer, placed._id);
    const paid = parsePrometheusTextFormat(await scrape());
    expect(
      valueOf(paid, 'shop_purchases_paid', { terms: 'card' }) -
        valueOf(before, 'shop_purchases_paid', { terms: 'card' }),
    ).toBe(1);
    // The unpaid purchase held its 4 pieces.
    expect(grew('shop_stock_held', { measure: 'pieces' })).toBe(4);

    // The parser reads a histogram's family and type; it folds labelled histograms into one
    // sample, so the checkout's own series is read from the lines themselves.
    expect(family(after, 'http_request_duration_seconds').type).toBe('HISTOGRAM');
    const series = `method="POST",route="${apiPath(api.purchases.checkout)}",status_code="201"`;
    const sample = (line: string) =>
      Number(
        text
          .split('\n')
          .find((entry) => entry.startsWith(line))
          ?.slice(line.length + 1),
      );
    const count = sample(`http_request_duration_seconds_count{${series}}`);
    expect(count).toBeGreaterThanOrEqual(1);
    expect(sample(`http_request_duration_seconds_bucket{le="+Inf",${series}}`)).toBe(count);

    expect(family(after, 'shop_jobs').metrics).toContainEqual({
      value: expect.any(String),
      labels: { queue: 'email', state: 'failed' },
    });
    expect(valueOf(after, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);
    expect(family(after, 'nodejs_eventloop_lag_p99_seconds').type).toBe('GAUGE');
    if (kind === 'postgres') {
      expect(valueOf(after, 'shop_db_pool_connections', { state: 'open' })).toBeGreaterThan(0);
    }
  });
});

describe.each(testDatabases())('GET /metrics with the database gone, on %s', (kind) => {
  it('still answers the process’s figures, without those the database would give', async () => {
    const t = await buildTestApp(kind, { env: orderTestEnv({ METRICS_TOKEN: TOKEN }) });
    try {
      await t.database.close();
      const answer = await t.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(200);
      const families = parsePrometheusTextFormat(answer.body);
      const names = families.map((entry) => entry.name);
      expect(names).toContain('process_resident_memory_bytes');
      expect(families.find((entry) => entry.name === 'shop_jobs')?.metrics ?? []).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there', async () => {
    const t = await buildTestApp('pglite', { env: orderTestEnv() });
    try {
      const answer = await t.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ statusCode: 404 });
    } finally {
      await t.close();
    }
  });
});
