import { api, hasAtMostTwoDecimals, PREVIEW_LENGTH, productSchema } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '../../seed/seed-data.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject, injectRawPath } from '../../test-support/inject.js';

describe.each(testDatabases())('catalogue on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const items = async () => (await inject(t, api.catalog.list)).json();

  it('lists the products newest first (the seed in its listed order), with _id, whole quantities and prices to the cent', async () => {
    const response = await inject(t, api.catalog.list);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.length).toBeGreaterThanOrEqual(9);
    expect(body.map((p) => p.name)).toEqual(demoProducts.map((p) => p.name));
    for (const product of body) {
      expect(productSchema.strict().safeParse(product).success).toBe(true);
      expect(product).not.toHaveProperty('id');
      for (const field of ['minimum', 'available'] as const) {
        expect(Number.isInteger(product[field])).toBe(true);
      }
      // Dollars with at most two decimals (issue 27): the demo cooler costs $38.50.
      expect(hasAtMostTwoDecimals(product.price)).toBe(true);
      expect(product.minimum).toBeGreaterThanOrEqual(1);
      expect(product.description.length).toBeGreaterThan(PREVIEW_LENGTH);
      expect(product.img).toMatch(/^\/images\/products\/[a-z-]+\.svg$/);
    }
  });

  it('answers one product by its _id', async () => {
    const [first] = await items();
    const response = await inject(t, api.catalog.get, { params: { id: first!._id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(first);
  });

  it.each([
    ['abc', 'abc'],
    ['an injection attempt', '1; drop table products'],
    ['a very long id', 'a'.repeat(150)],
    ['unicode', 'ünïcødé-🙂'],
    ['a uuid with a trailing character', '3f0c7b9e-4c1d-4f5e-9a2b-1c3d5e7f9a0bX'],
  ])('refuses %s as an id with 400 and a clear message', async (_label, id) => {
    const response = await inject(t, api.catalog.get, { params: { id } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'id: Please give a valid id.',
    });
  });

  it('answers an id longer than any route parameter with 414 in the error shape', async () => {
    const response = await inject(t, api.catalog.get, { params: { id: 'x'.repeat(5000) } });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      message: 'The address is too long.',
    });
  });

  it('answers a malformed %-escape in the id with 400 in the error shape', async () => {
    const response = await injectRawPath(t, api.catalog.get, { id: '%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers 404 for a well-formed id that names no product', async () => {
    const response = await inject(t, api.catalog.get, {
      params: { id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No product with this id.',
    });
  });

  it('sends an ETag and answers 304 when the catalogue has not changed', async () => {
    const first = await inject(t, api.catalog.list);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await inject(
      t,
      api.catalog.list,
      {},
      { headers: { 'if-none-match': String(etag) } },
    );
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await inject(
      t,
      api.catalog.list,
      {},
      { headers: { 'if-none-match': 'W/"stale"' } },
    );
    expect(other.statusCode).toBe(200);

    const [product] = await items();
    const params = { id: product!._id };
    const one = await inject(t, api.catalog.get, { params });
    const oneAgain = await inject(
      t,
      api.catalog.get,
      { params },
      { headers: { 'if-none-match': String(one.headers.etag) } },
    );
    expect(oneAgain.statusCode).toBe(304);
  });

  it('compresses the list for clients that accept gzip, with the same ETag as uncompressed', async () => {
    const plain = await inject(t, api.catalog.list);
    const gzip = await inject(t, api.catalog.list, {}, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });
});
