import {
  api,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  pagingMessages,
  type ApiErrorBody,
  type Company,
  type Order,
  type UserSummary,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../src/db/schema.js';
import {
  buildTestApp,
  testDatabases,
  type TestApp,
} from '../../src/test-support/build-test-app.js';
import { injectUnchecked } from '../../src/test-support/inject.js';
import { purchaseRow } from '../../src/test-support/orders.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../src/test-support/shop.js';
import { findShopUserByEmail } from '../../src/modules/users/service.js';

/**
 * Every list bounded (DESIGN section 9, issue 27): SPEC's plain arrays (GET /orders, /allorders,
 * /users) answer at most 100 and reach the rest with `?page=`; the other lists answer
 * `{ items, total, page, limit }`; `limit` is at most 100 everywhere.
 */
describe.each(testDatabases())('list bounds on %s', (kind) => {
  let t: TestApp;
  let boss: Shopper;
  let buyer: Shopper;
  let orderIds: string[];
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    boss = await adminShopper(t);
    buyer = await shopper(t, { name: 'Many Orders' });
    const userId = (await findShopUserByEmail(t.db, buyer.email))!.id;
    const purchase = await purchaseRow(t, { email: buyer.email, userId });
    const rows = await t.db
      .insert(orders)
      .values(
        Array.from({ length: PAGE_LIMIT_MAX + 5 }, (_, i) => ({
          ...purchase,
          userId,
          productName: `Listed part ${i}`,
          img: '/images/products/ssd.svg',
          description: 'A line written straight to the table.',
          quantity: 1,
          unitPrice: 10,
          price: 10,
          name: 'MANY ORDERS',
          email: buyer.email,
          number: '555-123-4567',
          address: '1 Test Street',
        })),
      )
      .returning({ id: orders.id });
    orderIds = rows.map((row) => row.id);
    await t.db.insert(users).values(
      Array.from({ length: PAGE_LIMIT_MAX + 5 }, (_, i) => ({
        email: `listed${i}@example.com`,
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const okJson = async <T>(response: Promise<{ statusCode: number; body: string }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    return JSON.parse(answer.body) as T;
  };
  const refusesBigLimits = async (call: (query: Record<string, string>) => Promise<unknown>) => {
    const queries: Record<string, string>[] = [
      { limit: String(PAGE_LIMIT_MAX + 1) },
      { limit: '0' },
      { page: '0' },
    ];
    for (const query of queries) {
      const refused = (await call(query)) as { statusCode: number; json(): unknown };
      expect(refused.statusCode, JSON.stringify(query)).toBe(400);
      const [field] = Object.keys(query) as (keyof typeof pagingMessages)[];
      expect((refused.json() as ApiErrorBody).message).toBe(`${field}: ${pagingMessages[field!]}`);
    }
  };

  it("GET /orders (SPEC's array) answers the newest 100; page 2 the rest; limit at most 100", async () => {
    const mine = (query: Record<string, string> = {}) =>
      injectUnchecked(t, api.orders.listOwn, { query }, buyer);
    const first = await okJson<Order[]>(mine());
    expect(first).toHaveLength(PAGE_LIMIT_MAX);
    expect(first[0]!._id).toBe(orderIds.at(-1));
    const second = await okJson<Order[]>(mine({ email: buyer.email, page: '2' }));
    expect(second.map((order) => order._id)).toEqual(orderIds.slice(0, 5).reverse());
    expect(await okJson<Order[]>(mine({ page: '3', limit: '50' }))).toHaveLength(5);
    await refusesBigLimits(mine);
  });

  it("GET /allorders (SPEC's array, admin) answers the newest 100; page 2 the rest", async () => {
    const all = (query: Record<string, string> = {}) =>
      injectUnchecked(t, api.orders.listAll, { query }, boss);
    const first = await okJson<Order[]>(all());
    expect(first).toHaveLength(PAGE_LIMIT_MAX);
    expect(first[0]!._id).toBe(orderIds.at(-1));
    expect((await okJson<Order[]>(all({ page: '2' }))).map((order) => order._id)).toEqual(
      orderIds.slice(0, 5).reverse(),
    );
    await refusesBigLimits(all);
  });

  it("GET /users (SPEC's array) answers the oldest 100; GET /admin/users pages newest first with the total", async () => {
    const list = (query: Record<string, string> = {}) =>
      injectUnchecked(t, api.users.list, { query }, boss);
    const first = await okJson<UserSummary[]>(list());
    expect(first).toHaveLength(PAGE_LIMIT_MAX);
    const rest = await okJson<UserSummary[]>(list({ page: '2' }));
    const everyone = [...first, ...rest].map((user) => user.email);
    expect(new Set(everyone).size).toBe(everyone.length);
    expect(everyone).toContain('listed104@example.com');
    await refusesBigLimits(list);

    const paged = (query: Record<string, string> = {}) =>
      injectUnchecked(t, api.users.page, { query }, boss);
    const page = await okJson<{ items: UserSummary[]; total: number; page: number; limit: number }>(
      paged(),
    );
    expect(page).toMatchObject({ total: everyone.length, page: 1, limit: PAGE_LIMIT_DEFAULT });
    expect(page.items).toHaveLength(PAGE_LIMIT_DEFAULT);
    const times = page.items.map((user) => Date.parse(user.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(
      (await okJson<{ items: UserSummary[] }>(paged({ page: '2', limit: '100' }))).items,
    ).toHaveLength(everyone.length - PAGE_LIMIT_MAX);
    await refusesBigLimits(paged);
    expect((await injectUnchecked(t, api.users.page, {}, buyer)).statusCode).toBe(403);

    const found = await okJson<{ items: UserSummary[]; total: number }>(paged({ q: 'LISTED10' }));
    expect(found.items.map((user) => user.email).sort()).toEqual(
      [
        'listed10@example.com',
        'listed100@example.com',
        'listed101@example.com',
        'listed102@example.com',
        'listed103@example.com',
        'listed104@example.com',
      ].sort(),
    );
    expect(found.total).toBe(6);
    const byName = await okJson<{ items: UserSummary[] }>(paged({ q: 'many ord' }));
    expect(byName.items.map((user) => user.email)).toEqual([buyer.email]);
    expect(await okJson(paged({ q: '%_' }))).toMatchObject({ items: [], total: 0 });
  });

  it("GET /companies/{id}/prices pages the company's contract prices by part number", async () => {
    const created = await injectUnchecked(
      t,
      api.companies.create,
      { body: { name: 'Priced Parts Ltd' } },
      buyer,
    );
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json<Company>();
    const skus = ['BND-A-001', 'BND-B-002', 'BND-C-003'];
    for (const sku of skus) {
      const product = await addProduct(t, { sku, price: 50 });
      const set = await injectUnchecked(
        t,
        api.companies.putPrice,
        { params: { id: company._id, productId: product._id }, body: { price: 40 } },
        boss,
      );
      expect(set.statusCode, set.body).toBe(200);
    }
    const prices = (query: Record<string, string> = {}) =>
      injectUnchecked(t, api.companies.prices, { params: { id: company._id }, query }, buyer);
    expect(await okJson(prices())).toMatchObject({
      total: 3,
      page: 1,
      limit: PAGE_LIMIT_DEFAULT,
    });
    const second = await okJson<{ items: { sku: string }[]; total: number }>(
      prices({ page: '2', limit: '2' }),
    );
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(second.items.map((price) => price.sku)).toEqual([skus[2]]);
    await refusesBigLimits(prices);
  });
});
