import {
  api,
  deletedSchema,
  productCreatedSchema,
  productUpdatedSchema,
  type ProductInputBody,
  type ApiErrorBody,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardMessages } from '../../auth/guards.js';
import { orders } from '../../db/schema.js';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../../test-support/accounts.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject, injectUnchecked } from '../../test-support/inject.js';
import { purchaseRow } from '../../test-support/orders.js';

const MISSING_ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

const newProduct = (overrides: Partial<ProductInputBody> = {}): ProductInputBody => ({
  name: 'Test Graphics Card RTX',
  img: 'https://cdn.example.com/parts/gpu.png',
  description: 'A graphics card made for the tests, sold in trays of ten.',
  price: 420,
  minimum: 10,
  available: 500,
  ...overrides,
});

describe.each(testDatabases())('admin catalogue on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let customer: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: MANY_SIGN_UPS });
    admin = await signedIn(t, { admin: true });
    customer = await signedIn(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const items = async () => (await inject(t, api.catalog.list)).json();
  const item = (id: string) => inject(t, api.catalog.get, { params: { id } });
  // Any body: some tests send what the contract refuses.
  const post = (body: unknown, who: SignedIn | null = admin) =>
    injectUnchecked(t, api.catalog.create, { body }, who ?? {});
  const put = (id: string, body: unknown, who: SignedIn | null = admin) =>
    injectUnchecked(t, api.catalog.update, { params: { id }, body }, who ?? {});
  const del = (id: string, who: SignedIn | null = admin) =>
    inject(t, api.catalog.remove, { params: { id } }, who ?? {});
  const created = async (overrides: Partial<ProductInputBody> = {}) => {
    const response = await post(newProduct(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return productCreatedSchema.parse(response.json()).product;
  };

  describe('refuses anyone but an admin', () => {
    it.each([
      ['anonymous', 401, null, guardMessages.missing],
      ['a customer', 403, 'customer', guardMessages.notAdmin],
    ] as const)('%s: POST, PUT and DELETE answer %i', async (_label, status, who, message) => {
      const caller = who === 'customer' ? customer : null;
      const [target] = await items();
      const before = await items();
      for (const response of [
        await post(newProduct({ name: 'Sneaky Product' }), caller),
        await put(target!._id, { available: 0 }, caller),
        await del(target!._id, caller),
      ]) {
        expect(response.statusCode).toBe(status);
        expect(response.json()).toMatchObject({ statusCode: status, message });
      }
      expect(await items()).toEqual(before);
    });

    it('refuses a stranger before looking at the body', async () => {
      const response = await post({ price: 'nonsense' }, null);
      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST /api/item', () => {
    it('adds a product that GET /items shows at once, first, with a new ETag', async () => {
      const before = await inject(t, api.catalog.list);
      const response = await post(newProduct());
      expect(response.statusCode, response.body).toBe(201);
      const body = productCreatedSchema.strict().parse(response.json());
      expect(body.insertedId).toBe(body.product._id);
      // SPEC's six fields as sent; the part-two fields at their defaults, a part number given.
      expect(body.product).toEqual({
        _id: body.insertedId,
        ...newProduct(),
        sku: expect.stringMatching(/^P-\d{6}$/),
        category: 'other',
        increment: 1,
        maximum: null,
        priceTiers: [],
        specs: [],
        lowStockThreshold: 0,
        weightKg: 0,
      });

      const after = await inject(
        t,
        api.catalog.list,
        {},
        { headers: { 'if-none-match': String(before.headers.etag) } },
      );
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.json()[0]).toEqual(body.product);
      expect((await item(body.insertedId)).json()).toEqual(body.product);
    });

    it('accepts a picture the shop serves itself and trims the text', async () => {
      const product = await created({
        img: '/images/products/cpu.svg',
        name: '  Padded Name  ',
      });
      expect(product).toMatchObject({ img: '/images/products/cpu.svg', name: 'Padded Name' });
    });

    it.each([
      ['a negative price', { price: -1 }, /^price: /],
      ['a price with a third decimal', { price: 1.505 }, /^price: /],
      ['a price sent as text', { price: '12' }, /^price: Expected number, received string\.$/],
      ['a minimum of 0', { minimum: 0 }, /^minimum: /],
      ['negative stock', { available: -5 }, /^available: /],
      ['a price beyond an integer', { price: 2 ** 31 }, /^price: /],
      [
        'a javascript: image',
        { img: 'javascript:alert(1)' },
        /^img: Please give an http\(s\) image URL\.$/,
      ],
      [
        'an ftp image',
        { img: 'ftp://example.com/a.png' },
        /^img: Please give an http\(s\) image URL\.$/,
      ],
      ['a protocol-relative image', { img: '//evil.example/a.png' }, /^img: /],
      ['an empty name', { name: '   ' }, /^name: This field is required\.$/],
      ['no description', { description: undefined }, /^description: /],
      ['an unknown field', { discount: 5 }, /discount/],
    ])('refuses %s with 400 naming the field', async (_label, overrides, message) => {
      const count = (await items()).length;
      const response = await post({ ...newProduct(), ...overrides });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(response.json<ApiErrorBody>().message).toMatch(message);
      expect(await items()).toHaveLength(count);
    });
  });

  describe('PUT /api/item/{id}', () => {
    it('restocks and reprices; GET /items and GET /item show the new figures', async () => {
      const product = await created();
      const response = await put(product._id, { available: 9000, price: 399 });
      expect(response.statusCode, response.body).toBe(200);
      const body = productUpdatedSchema.strict().parse(response.json());
      expect(body.product).toEqual({ ...product, available: 9000, price: 399 });
      expect((await item(product._id)).json()).toEqual(body.product);
      expect((await items()).find((p) => p._id === product._id)).toEqual(body.product);

      const text = await put(product._id, { description: ' New text. ', minimum: 25 });
      expect(text.json().product).toMatchObject({ description: 'New text.', minimum: 25 });
    });

    it.each([
      ['an empty change', {}, /^body: Give at least one field to change\.$/],
      ['a minimum of 0', { minimum: 0 }, /^minimum: /],
      ['negative stock', { available: -1 }, /^available: /],
      ['a price with a third decimal', { price: 9.999 }, /^price: /],
      ['an unknown field', { colour: 'red' }, /colour/],
      ['an empty name', { name: ' ' }, /^name: This field is required\.$/],
      ['an empty description', { description: ' ' }, /^description: This field is required\.$/],
    ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
      const product = await created();
      const response = await put(product._id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().message).toMatch(message);
      expect((await item(product._id)).json()).toEqual(product);
    });

    it('answers 404 for an id that names no product and 400 for a malformed id', async () => {
      const missing = await put(MISSING_ID, { available: 1 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'No product with this id.',
      });
      const malformed = await put('abc', { available: 1 });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<ApiErrorBody>().message).toBe('id: Please give a valid id.');
    });
  });

  describe('DELETE /api/item/{id}', () => {
    it('deletes the product; it leaves GET /items; an order for it keeps its own copy', async () => {
      const product = await created({ name: 'Doomed Power Supply' });
      const [order] = await t.db
        .insert(orders)
        .values({
          ...(await purchaseRow(t, { email: customer.user.email })),
          unitPrice: product.price,
          productId: product._id,
          productName: product.name,
          img: product.img,
          description: product.description,
          quantity: product.minimum,
          price: product.minimum * product.price,
          name: 'PAT BUYER',
          email: customer.user.email,
          number: '555-123-4567',
          address: '1 Test Street',
        })
        .returning({ id: orders.id });

      const response = await del(product._id);
      expect(response.statusCode, response.body).toBe(200);
      expect(deletedSchema.strict().parse(response.json())).toEqual({
        acknowledged: true,
        deletedCount: 1,
      });
      expect((await item(product._id)).statusCode).toBe(404);
      expect((await items()).some((p) => p._id === product._id)).toBe(false);

      const [kept] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
      expect(kept).toMatchObject({ productId: null, productName: 'Doomed Power Supply' });

      const again = await del(product._id);
      expect(again.statusCode).toBe(404);
      expect(again.json<ApiErrorBody>().message).toBe('No product with this id.');
    });

    it('answers 400 for a malformed id', async () => {
      const response = await del('not-a-uuid');
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().message).toBe('id: Please give a valid id.');
    });
  });
});
