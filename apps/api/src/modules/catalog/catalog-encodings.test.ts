import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { api, type Product } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject } from '../../test-support/inject.js';
import { orderTestEnv, placeOrder, shopper } from '../../test-support/shop.js';

// GET /items is answered from bytes prepared once per catalogue (http/prepared-answer.ts): these
// tests check that the prepared answers are what the shop answered before, compressed or not,
// with every header the API's other answers carry.

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};

describe.each(testDatabases())('the catalogue as prepared bytes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { RATE_LIMIT_MAX: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (headers: Record<string, string> = {}) =>
    inject(t, api.catalog.list, {}, { headers });
  /** The JSON of an answer, decoded as its Content-Encoding says. */
  const decoded = (answer: Awaited<ReturnType<typeof list>>): Product[] => {
    const encoding = answer.headers['content-encoding'];
    const bytes = answer.rawPayload;
    const plain = encoding ? decoders[String(encoding)]!(bytes) : bytes;
    return JSON.parse(plain.toString('utf8'));
  };

  it.each([
    ['br', 'gzip, deflate, br, zstd'],
    ['br', 'br'],
    ['gzip', 'gzip, deflate'],
    ['gzip', 'br;q=0.5, gzip'],
    ['gzip', '*'],
    ['deflate', 'deflate'],
    [undefined, 'identity'],
    [undefined, 'compress'],
  ])(
    'answers %s for Accept-Encoding "%s", the same JSON as uncompressed',
    async (encoding, accept) => {
      const plain = await list();
      expect(plain.headers['content-encoding']).toBeUndefined();
      const answer = await list({ 'accept-encoding': accept });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-length']).toBe(String(answer.rawPayload.length));
      expect(decoded(answer)).toEqual(plain.json());
      expect(decoded(answer).length).toBeGreaterThanOrEqual(9);
      // One weak tag for every encoding of the same JSON, and caches keyed by the encoding.
      expect(answer.headers.etag).toBe(plain.headers.etag);
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
    },
  );

  it('carries the security headers and the rate-limit headers like every API answer', async () => {
    const first = await list({ 'accept-encoding': 'br' });
    const second = await list({ 'accept-encoding': 'br' });
    for (const answer of [first, second]) {
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toBeDefined();
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(answer.headers['permissions-policy']).toContain('camera=()');
      expect(answer.headers['x-ratelimit-limit']).toBe('1000');
      expect(Number(answer.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    }
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(
      Number(first.headers['x-ratelimit-remaining']) - 1,
    );
  });

  it('answers 304 without a body to a current If-None-Match, in any form a client sends it', async () => {
    const { etag } = (await list()).headers;
    const opaque = String(etag).replace(/^W\//, '');
    for (const ifNoneMatch of [String(etag), opaque, `W/"older", ${String(etag)}`, '*']) {
      const answer = await list({ 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' });
      expect(answer.statusCode, ifNoneMatch).toBe(304);
      expect(answer.rawPayload.length).toBe(0);
      expect(answer.headers.etag).toBe(etag);
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-security-policy']).toBeDefined();
      expect(answer.headers['x-ratelimit-limit']).toBe('1000');
    }
    const stale = await list({ 'if-none-match': 'W/"older", W/"oldest"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers one product from prepared bytes too, with its ETag and 304', async () => {
    const [product] = (await list()).json();
    const params = { params: { id: product!._id } };
    const one = await inject(t, api.catalog.get, params, { headers: { 'accept-encoding': 'br' } });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(product);
    // Below @fastify/compress's 1 KB threshold: sent as it is, whatever the client accepts.
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.headers['x-ratelimit-limit']).toBe('1000');
    const again = await inject(t, api.catalog.get, params, {
      headers: { 'if-none-match': String(one.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe.each(testDatabases())('the prepared catalogue after a stock change on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv({ SEED_DEMO_DATA: 'true' }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('follows an order at once in every encoding, with a new ETag', async () => {
    const accepts = ['gzip, deflate, br', 'gzip', 'deflate', 'identity'];
    const before = await Promise.all(
      accepts.map((accept) =>
        inject(t, api.catalog.list, {}, { headers: { 'accept-encoding': accept } }),
      ),
    );
    const [product] = before[3]!.json();
    const buyer = await shopper(t);
    await placeOrder(t, buyer, product!._id, product!.minimum);

    for (const [i, accept] of accepts.entries()) {
      const after = await inject(
        t,
        api.catalog.list,
        {},
        { headers: { 'accept-encoding': accept } },
      );
      expect(after.headers.etag, accept).not.toBe(before[i]!.headers.etag);
      const encoding = after.headers['content-encoding'];
      const bytes = encoding ? decoders[String(encoding)]!(after.rawPayload) : after.rawPayload;
      const products: Product[] = JSON.parse(bytes.toString('utf8'));
      expect(products[0]!._id).toBe(product!._id);
      expect(products[0]!.available, accept).toBe(product!.available - product!.minimum);
      // The old tag no longer matches: the browser gets the new catalogue, not a 304.
      const revalidated = await inject(
        t,
        api.catalog.list,
        {},
        {
          headers: { 'accept-encoding': accept, 'if-none-match': String(before[i]!.headers.etag) },
        },
      );
      expect(revalidated.statusCode).toBe(200);
    }
  });
});
