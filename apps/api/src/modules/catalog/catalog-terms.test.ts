import {
  api,
  ITEMS_LIST_MAX,
  productMessages,
  productPageSchema,
  quantityMessages,
  type ApiErrorBody,
  type CheckoutRefused,
  type Product,
} from '@shop/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, products } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject, injectUnchecked } from '../../test-support/inject.js';
import {
  addProduct,
  adminShopper,
  orderBody,
  orderTestEnv,
  postOrder,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

const contact = { number: '+44 20 7946 0958', address: 'Unit 4/B #2, Harbour Road, Leeds' };
const tiers = [
  { minQuantity: 100, price: 9 },
  { minQuantity: 500, price: 8 },
];

/** Part two's catalogue (DESIGN section 8): fields, volume prices, packs, maximum, search. */
describe.each(testDatabases())('catalogue terms on %s', (kind) => {
  let t: TestApp;
  let buyer: Shopper;
  let admin: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv({ UNPAID_ORDERS_MAX: '1000' }) });
    [buyer, admin] = await Promise.all([shopper(t, { name: 'PAT BUYER' }), adminShopper(t)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (id: string, body: unknown) =>
    injectUnchecked(t, api.catalog.update, { params: { id }, body }, admin);
  const post = (body: unknown) => injectUnchecked(t, api.catalog.create, { body }, admin);
  const item = async (id: string) =>
    (await inject(t, api.catalog.get, { params: { id } })).json() as Product;
  const tiered = (fields: Parameters<typeof addProduct>[1] = {}) =>
    addProduct(t, { price: 10, minimum: 10, available: 100_000, priceTiers: tiers, ...fields });

  describe('PUT /item/{id} edits every field', () => {
    it('renames, pictures, reclassifies and reprices a product, audited field by field', async () => {
      const product = await addProduct(t, { name: 'Old Name SSD' });
      const change = {
        name: 'New Name SSD 2TB',
        img: '/uploads/0123456789abcdef01234567-1200.webp',
        description: 'A longer, better description.',
        sku: 'ssd-2tb-new',
        category: 'storage',
        price: 30,
        minimum: 10,
        increment: 5,
        maximum: 500,
        available: 900,
        lowStockThreshold: 50,
        priceTiers: [{ minQuantity: 100, price: 28 }],
        specs: [{ label: 'Capacity', value: '2 TB' }],
      };
      const response = await put(product._id, change);
      expect(response.statusCode, response.body).toBe(200);
      const expected = { ...product, ...change, sku: 'SSD-2TB-NEW' };
      expect(response.json().product).toEqual(expected);
      expect(await item(product._id)).toEqual(expected);
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, product._id), eq(auditLog.action, 'product.update')))
        .orderBy(desc(auditLog.createdAt));
      const changes = (entry?.details as { changes: Record<string, unknown> }).changes;
      expect(changes.name).toEqual({ from: 'Old Name SSD', to: 'New Name SSD 2TB' });
      expect(Object.keys(changes).sort()).toEqual(Object.keys(change).sort());
    });

    it('refuses tiers that do not fall, or start at or below the minimum, and changes nothing', async () => {
      const product = await tiered();
      for (const [priceTiers, message] of [
        [[{ minQuantity: 10, price: 9 }], productMessages.tierAboveMinimum(10)],
        [[{ minQuantity: 100, price: 10 }], productMessages.tiersFalling],
        [
          [
            { minQuantity: 100, price: 9 },
            { minQuantity: 200, price: 9 },
          ],
          productMessages.tiersFalling,
        ],
        [
          [
            { minQuantity: 200, price: 9 },
            { minQuantity: 100, price: 8 },
          ],
          productMessages.tiersAscending,
        ],
      ] as const) {
        const response = await put(product._id, { priceTiers });
        expect(response.statusCode).toBe(400);
        expect(response.json<ApiErrorBody>().message).toBe(`priceTiers: ${message}`);
      }
      // Rules between fields hold on the product as a partial change leaves it.
      const above = await put(product._id, { minimum: 100 });
      expect(above.json<ApiErrorBody>().message).toBe(
        `priceTiers: ${productMessages.tierAboveMinimum(100)}`,
      );
      const cheaper = await put(product._id, { price: 9 });
      expect(cheaper.json<ApiErrorBody>().message).toBe(
        `priceTiers: ${productMessages.tiersFalling}`,
      );
      expect(await item(product._id)).toEqual(product);
    });

    it('refuses a maximum below the minimum and a minimum that is not whole packs', async () => {
      const product = await addProduct(t, { minimum: 20 });
      expect((await put(product._id, { maximum: 10 })).json<ApiErrorBody>().message).toBe(
        `maximum: ${productMessages.maximumBelowMinimum(20)}`,
      );
      expect((await put(product._id, { increment: 15 })).json<ApiErrorBody>().message).toBe(
        `minimum: ${productMessages.minimumPacks(15)}`,
      );
      expect(await item(product._id)).toEqual(product);
    });

    it('takes prices and volume prices with cents, and says why a third decimal is refused', async () => {
      const product = await addProduct(t);
      const response = await put(product._id, {
        price: 89.5,
        priceTiers: [{ minQuantity: 100, price: 79.99 }],
      });
      expect(response.statusCode).toBe(200);
      expect(await item(product._id)).toMatchObject({
        price: 89.5,
        priceTiers: [{ minQuantity: 100, price: 79.99 }],
      });
      const [stored] = await t.db.select().from(products).where(eq(products.id, product._id));
      expect(stored).toMatchObject({
        price: 8950,
        priceTiers: [{ minQuantity: 100, price: 7999 }],
      });

      const thirdDecimal = await put(product._id, { price: 12.755 });
      expect(thirdDecimal.statusCode).toBe(400);
      expect(thirdDecimal.json<ApiErrorBody>().message).toBe(
        `price: ${productMessages.dollars('price')}`,
      );
      const created = await post({
        name: 'Cents Card',
        img: '/images/products/gpu.svg',
        description: 'x',
        price: 12.755,
        minimum: 1,
        available: 1,
      });
      expect(created.statusCode).toBe(400);
      expect(created.json<ApiErrorBody>().message).toBe(
        `price: ${productMessages.dollars('price')}`,
      );
      const cents = await post({
        name: 'Cents Cable',
        img: '/images/products/gpu.svg',
        description: 'x',
        price: 12.75,
        minimum: 1,
        available: 1,
      });
      expect(cents.statusCode).toBe(201);
      expect(cents.json<{ product: Product }>().product.price).toBe(12.75);
    });

    it('keeps part numbers unique: 409 for a taken one, on add and on edit', async () => {
      const first = await addProduct(t, { sku: 'UNIQ-0001' });
      const second = await addProduct(t);
      const body = { name: 'Dup', img: '/images/products/ssd.svg', description: 'x', price: 1 };
      const add = await post({ ...body, minimum: 1, available: 1, sku: 'uniq-0001' });
      expect(add.statusCode).toBe(409);
      expect(add.json<ApiErrorBody>().message).toBe(productMessages.skuTaken('UNIQ-0001'));
      const edit = await put(second._id, { sku: 'UNIQ-0001' });
      expect(edit.statusCode).toBe(409);
      expect(await item(second._id)).toEqual(second);
      // Giving a product its own part number again is no conflict.
      expect((await put(first._id, { sku: 'UNIQ-0001', price: 26 })).statusCode).toBe(200);
    });
  });

  describe('orders are priced by the volume tier their quantity reaches', () => {
    it.each([
      [99, 10],
      [100, 9],
      [499, 9],
      [500, 8],
    ])('POST /order of %i pieces: %i a piece, the total from it', async (quantity, unit) => {
      const product = await tiered();
      const response = await postOrder(t, buyer, orderBody(product._id, quantity, { price: 1 }));
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json<{ order: { unitPrice: number; price: number } }>().order;
      expect(order).toMatchObject({ unitPrice: unit, price: quantity * unit });
    });

    it('POST /checkout prices each line by its own quantity', async () => {
      const a = await tiered();
      const b = await tiered();
      const response = await inject(
        t,
        api.purchases.checkout,
        {
          body: {
            lines: [
              { productId: a._id, quantity: 150 },
              { productId: b._id, quantity: 50 },
            ],
            ...contact,
          },
        },
        buyer,
      );
      expect(response.statusCode, response.body).toBe(201);
      const stored = await t.db
        .select({ productId: orders.productId, unitPrice: orders.unitPrice, price: orders.price })
        .from(orders)
        .where(eq(orders.purchaseId, response.json()._id));
      // Stored in cents; answered in dollars.
      expect(stored).toEqual(
        expect.arrayContaining([
          { productId: a._id, unitPrice: 900, price: 135_000 },
          { productId: b._id, unitPrice: 1000, price: 50_000 },
        ]),
      );
      expect(response.json().total).toBe(1850);
    });
  });

  describe('pack size and maximum per order', () => {
    it('refuses a quantity that is not whole packs, or above the maximum, with their messages', async () => {
      const product = await addProduct(t, {
        minimum: 10,
        increment: 10,
        maximum: 50,
        available: 1000,
      });
      const odd = await postOrder(t, buyer, orderBody(product._id, 25));
      expect(odd.statusCode).toBe(400);
      expect(odd.json<ApiErrorBody>().message).toBe('Order in multiples of 10.');
      const many = await postOrder(t, buyer, orderBody(product._id, 60));
      expect(many.statusCode).toBe(400);
      expect(many.json<ApiErrorBody>().message).toBe('At most 50 pieces per order.');
      expect((await postOrder(t, buyer, orderBody(product._id, 50))).statusCode).toBe(201);

      const checkout = await injectUnchecked(
        t,
        api.purchases.checkout,
        { body: { lines: [{ productId: product._id, quantity: 35 }], ...contact } },
        buyer,
      );
      expect(checkout.statusCode).toBe(409);
      expect(checkout.json<CheckoutRefused>().lines).toEqual([
        { productId: product._id, message: quantityMessages.notMultiple(10) },
      ]);
      expect((await item(product._id)).available).toBe(950);
    });
  });

  describe('GET /products', () => {
    const search = async (query: Record<string, string | number>) => {
      const response = await injectUnchecked(t, api.catalog.search, { query });
      expect(response.statusCode, response.body).toBe(200);
      return productPageSchema.parse(response.json());
    };
    let tag: string;
    beforeAll(async () => {
      tag = `Q${Date.now().toString(36).toUpperCase()}`;
      const made = [
        { name: `${tag} Alpha Processor`, category: 'processors', price: 300, sku: `${tag}-A` },
        { name: `${tag} Beta Processor`, category: 'processors', price: 100, sku: `${tag}-B` },
        { name: `${tag} Gamma Drive`, category: 'storage', price: 200, sku: `${tag}-C` },
      ];
      for (const fields of made) await addProduct(t, fields);
      await addProduct(t, {
        name: 'Quiet Fan',
        description: `Mentions ${tag.toLowerCase()} only in its description.`,
        category: 'cooling',
        price: 5,
      });
    });

    it('matches name, part number and description in any case, with counts per category', async () => {
      const page = await search({ q: tag.toLowerCase() });
      expect(page.total).toBe(4);
      expect(page.categories).toEqual([
        { category: 'cooling', count: 1 },
        { category: 'processors', count: 2 },
        { category: 'storage', count: 1 },
      ]);
      expect((await search({ q: `${tag}-c` })).items.map((p) => p.name)).toEqual([
        `${tag} Gamma Drive`,
      ]);
      // Every word must match.
      expect((await search({ q: `${tag} processor beta` })).items.map((p) => p.name)).toEqual([
        `${tag} Beta Processor`,
      ]);
    });

    it('filters by category, keeping the counts of the whole search', async () => {
      const page = await search({ q: tag, category: 'processors' });
      expect(page.total).toBe(2);
      expect(page.items.every((p) => p.category === 'processors')).toBe(true);
      expect(page.categories).toHaveLength(3);
    });

    it('sorts by price both ways, by name, by newest, and puts an exact part number first', async () => {
      const prices = async (sort: string) =>
        (await search({ q: tag, sort })).items.map((p) => p.price);
      expect(await prices('price')).toEqual([5, 100, 200, 300]);
      expect(await prices('-price')).toEqual([300, 200, 100, 5]);
      expect((await search({ q: tag, sort: 'name' })).items.map((p) => p.name)).toEqual([
        `${tag} Alpha Processor`,
        `${tag} Beta Processor`,
        `${tag} Gamma Drive`,
        'Quiet Fan',
      ]);
      expect((await search({ q: tag, sort: 'newest' })).items[0]?.name).toBe('Quiet Fan');
      expect((await search({ q: `${tag}-B` })).items[0]?.sku).toBe(`${tag}-B`);
    });

    it('ranks by relevance: the exact part number, then names that start with the search, then the newest', async () => {
      const word = `R${tag}`;
      await addProduct(t, { name: `Cable ${word}`, sku: word });
      await addProduct(t, { name: `${word} Cable Kit` });
      await addProduct(t, { name: `Long ${word} Cable` });
      await addProduct(t, { name: `Short ${word} Cable` });
      expect((await search({ q: word.toLowerCase() })).items.map((p) => p.name)).toEqual([
        `Cable ${word}`,
        `${word} Cable Kit`,
        `Short ${word} Cable`,
        `Long ${word} Cable`,
      ]);
    });

    it('pages with limit and page, the total over all pages', async () => {
      const first = await search({ q: tag, sort: 'price', limit: 3, page: 1 });
      const second = await search({ q: tag, sort: 'price', limit: 3, page: 2 });
      expect([first.total, first.limit, first.page, second.page]).toEqual([4, 3, 1, 2]);
      expect([...first.items, ...second.items].map((p) => p.price)).toEqual([5, 100, 200, 300]);
    });

    it('forgives a typo by matching names that resemble the search', async () => {
      const page = await search({ q: `${tag} procesor` });
      expect(page.items.map((p) => p.name)).toEqual(
        expect.arrayContaining([`${tag} Alpha Processor`, `${tag} Beta Processor`]),
      );
    });

    it('lists products at or below their low-stock threshold', async () => {
      const low = await addProduct(t, { name: `${tag} Low`, available: 5, lowStockThreshold: 10 });
      await addProduct(t, { name: `${tag} Plenty`, available: 500, lowStockThreshold: 10 });
      const page = await search({ q: tag, stock: 'low' });
      expect(page.items.map((p) => p._id)).toEqual([low._id]);
    });

    it('puts an exact name, in any case, before newer names that start with it', async () => {
      const exact = await addProduct(t, { name: `${tag} Omega` });
      for (const suffix of ['Plus', 'Pro', 'Max']) {
        await addProduct(t, { name: `${tag} Omega ${suffix}` });
      }
      const page = await search({ q: `${tag} omega`.toLowerCase(), limit: 2 });
      expect(page.total).toBe(4);
      expect(page.items[0]?._id).toBe(exact._id);
    });

    it.each([
      [{ limit: '101' }],
      [{ limit: '0' }],
      [{ page: 'two' }],
      [{ sort: 'cheapest' }],
      [{ category: 'Not A Slug!' }],
      [{ q: 'x'.repeat(101) }],
      [{ stock: 'high' }],
    ])('answers 400 for %j', async (query) => {
      const response = await injectUnchecked(t, api.catalog.search, { query });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().message).toMatch(
        /^(q|limit|page|sort|category|stock): /,
      );
    });
  });

  it(`GET /items answers the newest ${ITEMS_LIST_MAX} products, newest first`, async () => {
    const rows = Array.from({ length: ITEMS_LIST_MAX + 5 }, (_, i) => ({
      name: `Bulk Part ${i}`,
      img: '/images/products/ssd.svg',
      description: 'Bulk.',
      price: 1,
      minimum: 1,
      available: 1,
    }));
    await t.db.insert(products).values(rows);
    const { catalogChanged } = await import('../../db/changes.js');
    catalogChanged(t.db);
    const list = (await inject(t, api.catalog.list)).json();
    expect(list).toHaveLength(ITEMS_LIST_MAX);
    expect(list[0]?.name).toBe(`Bulk Part ${ITEMS_LIST_MAX + 4}`);
  });
});
