import {
  api,
  pagingMessages,
  PURCHASE_PAGE_LIMIT_DEFAULT,
  type ApiErrorBody,
  type Company,
  type Purchase,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../test-support/companies.js';
import { purchases, users } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { injectUnchecked } from '../../test-support/inject.js';
import { addProduct, orderTestEnv, shopper, type Shopper } from '../../test-support/shop.js';

interface Page {
  items: Purchase[];
  total: number;
  page: number;
  limit: number;
}

const contact = { number: '+44 20 7946 0958', address: 'Unit 4/B #2, Harbour Road, Leeds' };

/**
 * GET /purchases and GET /approvals a page at a time (DESIGN section 9): a buyer with 340
 * purchases waiting once got 33 MB in one answer.
 */
describe.each(testDatabases())('purchase lists paged on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Page;
  };
  const userIdOf = async (who: Shopper) => {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, who.email));
    return row!.id;
  };
  /** `n` purchases written straight to the table: many, cheaply, with the shapes the API makes. */
  async function insertPurchases(
    who: Shopper,
    n: number,
    fields: Partial<typeof purchases.$inferInsert> = {},
  ) {
    const userId = await userIdOf(who);
    const rows = Array.from({ length: n }, () => ({
      userId,
      name: who.name,
      email: who.email,
      phone: contact.number,
      address: contact.address,
      ...fields,
    }));
    return t.db.insert(purchases).values(rows).returning({ id: purchases.id });
  }

  it('GET /purchases answers 50 a page by default, newest first, with the total; limit at most 100', async () => {
    const carol = await shopper(t);
    const product = await addProduct(t, { available: 50 });
    const placed = await injectUnchecked(
      t,
      api.purchases.checkout,
      { body: { lines: [{ productId: product._id, quantity: 1 }], ...contact } },
      carol,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const older = await insertPurchases(carol, PURCHASE_PAGE_LIMIT_DEFAULT + 4);
    const latest = (await insertPurchases(carol, 1))[0]!.id;

    const first = await page(injectUnchecked(t, api.purchases.listOwn, {}, carol));
    expect(first).toMatchObject({ total: 56, page: 1, limit: PURCHASE_PAGE_LIMIT_DEFAULT });
    expect(first.items).toHaveLength(PURCHASE_PAGE_LIMIT_DEFAULT);
    expect(first.items[0]!._id).toBe(latest);

    const last = await page(
      injectUnchecked(t, api.purchases.listOwn, { query: { page: '2' } }, carol),
    );
    expect(last.items.map((p) => p._id)).toEqual([
      ...older
        .slice(0, 5)
        .map((row) => row.id)
        .reverse(),
      placed.json<{ _id: string }>()._id,
    ]);
    expect(last.items.at(-1)!.orders).toHaveLength(1);

    const small = await page(
      injectUnchecked(
        t,
        api.purchases.listOwn,
        { query: { email: carol.email, page: '3', limit: '2' } },
        carol,
      ),
    );
    expect(small).toMatchObject({ total: 56, page: 3, limit: 2 });
    expect(small.items).toHaveLength(2);

    for (const query of [{ limit: '101' }, { limit: '0' }, { page: '0' }, { limit: '1e2' }]) {
      const refused = await injectUnchecked(t, api.purchases.listOwn, { query }, carol);
      expect(refused.statusCode, JSON.stringify(query)).toBe(400);
      const [field] = Object.keys(query) as (keyof typeof pagingMessages)[];
      expect(refused.json<ApiErrorBody>().message).toBe(`${field}: ${pagingMessages[field!]}`);
    }
  });

  it('GET /approvals answers 50 a page by default, oldest first, with the total; limit at most 100', async () => {
    const [owner, buyer, approver] = await Promise.all([
      shopper(t, { name: 'Olive Owner' }, { verified: true }),
      shopper(t, { name: 'Bea Buyer' }, { verified: true }),
      shopper(t, { name: 'Abe Approver' }, { verified: true }),
    ]);
    const created = await injectUnchecked(
      t,
      api.companies.create,
      { body: { name: 'Paged Parts Ltd' } },
      owner,
    );
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json<Company>();
    // Invited and accepted: nobody joins a company without saying yes (decision 022).
    await addMember(t, owner, company._id, buyer, { role: 'buyer', spendingLimit: 1 });
    await addMember(t, owner, company._id, approver, { role: 'approver' });
    const product = await addProduct(t, { price: 10, available: 50 });
    const waitingLine = {
      productId: product._id,
      productName: product.name,
      img: product.img,
      description: product.description,
      quantity: 2,
      // Rows keep cents.
      unitPrice: 1000,
    };
    const waiting = await insertPurchases(buyer, PURCHASE_PAGE_LIMIT_DEFAULT + 5, {
      companyId: company._id,
      awaitingLines: [waitingLine],
    });
    // Paid or unpaid purchases of the company are not waiting and never listed.
    await insertPurchases(buyer, 3, { companyId: company._id });

    const first = await page(injectUnchecked(t, api.companies.approvals, {}, approver));
    expect(first).toMatchObject({ total: 55, page: 1, limit: PURCHASE_PAGE_LIMIT_DEFAULT });
    expect(first.items.map((p) => p._id)).toEqual(
      waiting.slice(0, PURCHASE_PAGE_LIMIT_DEFAULT).map((row) => row.id),
    );
    expect(first.items[0]).toMatchObject({ status: 'awaiting_approval', total: 20 });

    const second = await page(
      injectUnchecked(t, api.companies.approvals, { query: { page: '2' } }, owner),
    );
    expect(second.items.map((p) => p._id)).toEqual(
      waiting.slice(PURCHASE_PAGE_LIMIT_DEFAULT).map((row) => row.id),
    );
    const beyond = await page(
      injectUnchecked(t, api.companies.approvals, { query: { page: '9', limit: '100' } }, owner),
    );
    expect(beyond).toMatchObject({ items: [], total: 55, page: 9, limit: 100 });

    const refused = await injectUnchecked(
      t,
      api.companies.approvals,
      { query: { limit: '101' } },
      approver,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiErrorBody>().message).toBe(`limit: ${pagingMessages.limit}`);
    expect((await injectUnchecked(t, api.companies.approvals, {}, buyer)).statusCode).toBe(403);
  });
});
