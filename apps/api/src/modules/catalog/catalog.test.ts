import { PREVIEW_LENGTH, productSchema, type Product } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '../../db/seed-data.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';

describe.each(testDatabases())('catalogue on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const items = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/items' })).json<Product[]>();

  it('lists the products newest first (the seed in its listed order), with _id and whole numbers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/items' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json<Product[]>();
    expect(body.length).toBeGreaterThanOrEqual(9);
    expect(body.map((p) => p.name)).toEqual(demoProducts.map((p) => p.name));
    for (const product of body) {
      expect(productSchema.strict().safeParse(product).success).toBe(true);
      expect(product).not.toHaveProperty('id');
      for (const field of ['price', 'minimum', 'available'] as const) {
        expect(Number.isInteger(product[field])).toBe(true);
      }
      expect(product.minimum).toBeGreaterThanOrEqual(1);
      expect(product.description.length).toBeGreaterThan(PREVIEW_LENGTH);
      expect(product.img).toMatch(/^\/images\/products\/[a-z-]+\.svg$/);
    }
  });

  it('answers one product by its _id', async () => {
    const [first] = await items();
    const response = await t.app.inject({ method: 'GET', url: `/api/item/${first!._id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(first);
  });

  it.each([
    ['abc', 'abc'],
    ['an injection attempt', encodeURIComponent('1; drop table products')],
    ['a very long id', 'a'.repeat(150)],
    ['unicode', encodeURIComponent('ünïcødé-🙂')],
    ['a uuid with a trailing character', '3f0c7b9e-4c1d-4f5e-9a2b-1c3d5e7f9a0bX'],
  ])('refuses %s as an id with 400 and a clear message', async (_label, id) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/item/${id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'id: Please give a valid id.',
    });
  });

  it('answers an id longer than any route parameter with 414 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/item/${'x'.repeat(5000)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      message: 'The address is too long.',
    });
  });

  it('answers a malformed %-escape in the id with 400 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/item/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers 404 for a well-formed id that names no product', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/item/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No product with this id.',
    });
  });

  it('sends an ETag and answers 304 when the catalogue has not changed', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/items' });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/items',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/items',
      headers: { 'if-none-match': 'W/"stale"' },
    });
    expect(other.statusCode).toBe(200);

    const [product] = await items();
    const one = await t.app.inject({ method: 'GET', url: `/api/item/${product!._id}` });
    const oneAgain = await t.app.inject({
      method: 'GET',
      url: `/api/item/${product!._id}`,
      headers: { 'if-none-match': String(one.headers.etag) },
    });
    expect(oneAgain.statusCode).toBe(304);
  });

  it('compresses the list for clients that accept gzip, with the same ETag as uncompressed', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/items' });
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/items',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });
});
