import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api, todayIn, type Stats } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { companyTeam } from '../../test-support/companies.js';
import { inject } from '../../test-support/inject.js';
import { paidPurchase as paid } from '../../test-support/purchases.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

/**
 * The Overview counts purchases, not lines, and ranks buyers: a company for all its members'
 * purchases, a person buying for no company by name (issue 28).
 */
describe.each(testDatabases())('the Overview of purchases on %s', (kind) => {
  let t: TestApp;
  let boss: Shopper;
  let pat: Shopper;
  let team: Awaited<ReturnType<typeof companyTeam>>;
  let products: { _id: string }[];
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    [boss, pat] = await Promise.all([adminShopper(t), shopper(t, { name: 'PAT SOLO' })]);
    team = await companyTeam(t, { spendingLimit: null, name: 'Acme Components Ltd' });
    products = await Promise.all(
      [1, 2, 3].map((n) =>
        addProduct(t, { name: `Overview Part ${n}`, price: 10, available: 500 }),
      ),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A paid purchase of one piece of each of `lines` products, $10 each. */
  const paidPurchase = (who: Shopper, lines: number) =>
    paid(
      t,
      who,
      products.slice(0, lines).map((p) => ({ productId: p._id, quantity: 1 })),
    );

  it('counts a purchase of three lines once, by its status, and ranks the company above a person', async () => {
    // The company: its owner's 3-line purchase and its buyer's 3-line purchase ($60 in all).
    const big = await paidPurchase(team.owner, 3);
    await paidPurchase(team.buyer, 3);
    // Pat, for no company: one purchase of two lines ($20).
    await paidPurchase(pat, 2);
    // Part of the big one ships.
    const shipped = await inject(
      t,
      api.purchases.ship,
      { params: { id: big._id }, body: { lines: [{ orderId: big.orders[0]!._id }] } },
      boss,
    );
    expect(shipped.statusCode, shipped.body).toBe(200);

    const today = todayIn('UTC', new Date());
    const answer = await inject(
      t,
      api.stats.overview,
      { query: { from: today, to: today, interval: 'day' } },
      boss,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const stats = answer.json() as Stats;
    // Eight lines, three purchases.
    expect(stats.revenue.reduce((sum, row) => sum + row.orders, 0)).toBe(8);
    expect(stats.revenue.reduce((sum, row) => sum + row.purchases, 0)).toBe(3);
    expect(stats.purchasesByState).toEqual({
      awaiting_approval: 0,
      unpaid: 0,
      paid: 2,
      on_account: 0,
      partially_shipped: 1,
      shipped: 0,
    });
    // The lines as before, for callers of the old field.
    expect(stats.ordersByState).toMatchObject({ unpaid: 0, paid: 7, shipped: 1 });
    expect(stats.topBuyers).toEqual([
      { companyId: team.company._id, email: null, name: 'Acme Components Ltd', revenue: 60 },
      { companyId: null, email: pat.email, name: 'PAT SOLO', revenue: 20 },
    ]);
  });
  it("gives the lines placed before migration 0022 their purchase's company (its backfill)", async () => {
    const migration = readFileSync(
      path.join(migrationsFolder, '0022_overview_reads_orders_alone.sql'),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('SET "company_id"'))!;
    const before = await t.db
      .select({ id: orders.id, companyId: orders.companyId })
      .from(orders)
      .orderBy(orders.id);
    expect(before.filter((row) => row.companyId === team.company._id).length).toBe(6);
    await t.db.update(orders).set({ companyId: null });
    await t.db.execute(sql.raw(backfill));
    const after = await t.db
      .select({ id: orders.id, companyId: orders.companyId })
      .from(orders)
      .orderBy(orders.id);
    expect(after).toEqual(before);
  });
  it('counts a purchase on account as on account until a transfer pays it, its revenue when invoiced', async () => {
    const net = await companyTeam(t, { spendingLimit: null, name: 'Overview Net 30 Ltd' });
    const terms = await inject(
      t,
      api.companies.putTerms,
      {
        params: { id: net.company._id },
        body: { paymentTerms: 'net30', creditLimit: null, onHold: false },
      },
      boss,
    );
    expect(terms.statusCode, terms.body).toBe(200);
    const today = todayIn('UTC', new Date());
    const overview = async () => {
      const answer = await inject(
        t,
        api.stats.overview,
        { query: { from: today, to: today, interval: 'day' } },
        boss,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as Stats;
    };
    const before = await overview();
    const bought = await inject(
      t,
      api.purchases.checkout,
      {
        body: {
          lines: [{ productId: products[0]!._id, quantity: 4 }],
          number: '555-123-4567',
          address: '12 Harbour Road, Springfield',
          paymentMethod: 'account',
        },
      },
      net.buyer,
    );
    expect(bought.statusCode, bought.body).toBe(201);
    const invoiced = await overview();
    expect(invoiced.purchasesByState.on_account).toBe(before.purchasesByState.on_account + 1);
    expect(invoiced.purchasesByState.paid).toBe(before.purchasesByState.paid);
    // Revenue counts when invoiced: $40 more today.
    const revenue = (stats: Stats) => stats.revenue.reduce((sum, row) => sum + row.total, 0);
    expect(revenue(invoiced) - revenue(before)).toBe(40);
    const paidUp = await inject(
      t,
      api.companies.recordBankPayment,
      {
        params: { id: net.company._id },
        body: { amount: 40, reference: 'Overview transfer', receivedOn: today },
      },
      boss,
    );
    expect(paidUp.statusCode, paidUp.body).toBe(201);
    const settled = await overview();
    expect(settled.purchasesByState.on_account).toBe(before.purchasesByState.on_account);
    expect(settled.purchasesByState.paid).toBe(before.purchasesByState.paid + 1);
  });
});
