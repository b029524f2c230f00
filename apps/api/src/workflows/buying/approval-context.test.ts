import { api, REJECTION_REASON_MAX, type Purchase } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractPrices } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember, companyTeam } from '../../test-support/companies.js';
import { inject, injectUnchecked } from '../../test-support/inject.js';
import { addProduct, orderTestEnv, shopper, type Shopper } from '../../test-support/shop.js';

const contact = { number: '555-123-4567', address: '12 Harbour Road, Springfield' };

/**
 * Issue 28: an approver decides with the buyer's monthly limit and month-to-date spend in front
 * of them (GET /approvals, GET /purchase/{id}); a member sees their company's prices in the
 * catalogue's search as on GET /items.
 */
describe.each(testDatabases())(
  'the buyer, as the approver and the catalogue see them, on %s',
  (kind) => {
    let t: TestApp;
    let owner: Shopper;
    let buyer: Shopper;
    let approver: Shopper;
    let companyId: string;
    beforeAll(async () => {
      t = await buildTestApp(kind, { env: orderTestEnv() });
      const team = await companyTeam(t, { spendingLimit: 150 });
      ({ owner, buyer } = team);
      companyId = team.company._id;
      approver = await shopper(t);
      await addMember(t, owner, companyId, approver, { role: 'approver', spendingLimit: null });
    });
    afterAll(async () => {
      await t?.close();
    });

    const checkout = async (productId: string, quantity: number) => {
      const placed = await inject(
        t,
        api.purchases.checkout,
        { body: { lines: [{ productId, quantity }], ...contact, poNumber: 'PO-4410' } },
        buyer,
      );
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json() as Purchase;
    };

    it("shows the approver the buyer's limit and month-to-date spend, in the list and on the purchase; never the buyer", async () => {
      const product = await addProduct(t, {
        name: 'Approval Context Drive',
        price: 40,
        available: 100,
      });
      const within = await checkout(product._id, 3); // $120 of $150: placed.
      expect(within.status).toBe('unpaid');
      const above = await checkout(product._id, 2); // $80 more: waits.
      expect(above.status).toBe('awaiting_approval');

      const list = await inject(t, api.companies.approvals, {}, approver);
      expect(list.statusCode, list.body).toBe(200);
      const listed = list.json().items.find((purchase) => purchase._id === above._id);
      expect(listed).toMatchObject({
        poNumber: 'PO-4410',
        email: buyer.email,
        buyerSpending: { spendingLimit: 150, spentThisMonth: 120 },
      });
      expect(listed?.awaitingLines).toHaveLength(1);

      const read = await inject(t, api.purchases.get, { params: { id: above._id } }, approver);
      expect(read.json().buyerSpending).toEqual({ spendingLimit: 150, spentThisMonth: 120 });
      // The buyer reads their own purchase without it; a purchase decided no longer carries it.
      const own = await inject(t, api.purchases.get, { params: { id: above._id } }, buyer);
      expect(own.json().buyerSpending).toBeUndefined();
      const placedRead = await inject(
        t,
        api.purchases.get,
        { params: { id: within._id } },
        approver,
      );
      expect(placedRead.json().buyerSpending).toBeUndefined();
    });

    it("keeps a rejected purchase, with its status and reason, in the buyer's and the company's lists; a reason above 500 characters changes nothing", async () => {
      const product = await addProduct(t, {
        name: 'Kept History Cable',
        price: 200,
        available: 10,
      });
      const waiting = await checkout(product._id, 1); // $200 above the $150 limit: waits.
      expect(waiting.status).toBe('awaiting_approval');
      const tooLong = await injectUnchecked(
        t,
        api.companies.reject,
        { params: { id: waiting._id }, body: { reason: 'x'.repeat(REJECTION_REASON_MAX + 1) } },
        approver,
      );
      expect(tooLong.statusCode, tooLong.body).toBe(400);
      const reason = 'x'.repeat(REJECTION_REASON_MAX);
      const rejected = await inject(
        t,
        api.companies.reject,
        { params: { id: waiting._id }, body: { reason } },
        approver,
      );
      expect(rejected.statusCode, rejected.body).toBe(200);
      const mine = await inject(t, api.purchases.listOwn, { query: { status: 'rejected' } }, buyer);
      expect(mine.json().items.find((p) => p._id === waiting._id)).toMatchObject({
        status: 'rejected',
        rejectionReason: reason,
      });
      const company = await inject(
        t,
        api.companies.purchases,
        { params: { id: companyId } },
        owner,
      );
      expect(company.json().items.find((p) => p._id === waiting._id)).toMatchObject({
        status: 'rejected',
        rejectionReason: reason,
      });
    });

    it("answers a member's search with their company's contract prices, privately; everyone else's without", async () => {
      const product = await addProduct(t, { name: 'Searchable Contract Router', price: 300 });
      await t.db
        .insert(contractPrices)
        .values({ companyId, productId: product._id, price: 25_000 });
      const query = { query: { q: 'Searchable Contract Router' } };
      const member = await inject(t, api.catalog.search, query, buyer);
      expect(member.statusCode, member.body).toBe(200);
      expect(member.json().items[0]).toMatchObject({ _id: product._id, contractPrice: 250 });
      expect(member.headers['cache-control']).toBe('private, no-store');
      for (const who of [undefined, await shopper(t)]) {
        const other = await inject(t, api.catalog.search, query, who);
        expect(other.json().items[0]?._id).toBe(product._id);
        expect(other.json().items[0]).not.toHaveProperty('contractPrice');
        expect(other.headers['cache-control']).not.toContain('private');
      }
    });
  },
);
