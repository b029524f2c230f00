import { api, dateMessages, statsMessages, type AdminOrderPage, type Stats } from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, users } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject, injectUnchecked } from '../../test-support/inject.js';
import { payAtGateway } from '../../test-support/orders.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  placeOrder,
  recordPayment,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';
import { formulaCells } from '../../test-support/spreadsheet.js';
import { periodsOf } from './overview.js';

/**
 * The admin's Overview (GET /admin/stats, issue 16) in a shop whose time zone is New York's:
 * orders placed through the API, their payment instants then set to the edges of the shop's
 * days (a UTC day that is still yesterday in New York, the night the clocks go forward).
 */
describe.each(testDatabases())('admin stats on %s', (kind) => {
  let t: TestApp;
  let alice: Shopper;
  let bob: Shopper;
  let boss: Shopper;
  let drive: { _id: string };
  let memory: { _id: string };
  let scarce: { _id: string };
  let gone: { _id: string };
  const ids: Record<string, string> = {};

  /** An order of `who`'s, paid through the sandbox gateway, its payment instant then set. */
  async function paidOrder(who: Shopper, productId: string, quantity: number, paidAt: string) {
    const order = await placeOrder(t, who, productId, quantity);
    const intentId = await payAtGateway(t, who, order._id);
    const recorded = await recordPayment(t, who, order._id, intentId);
    expect(recorded.statusCode, recorded.body).toBe(200);
    await t.db
      .update(orders)
      .set({ paidAt: new Date(paidAt) })
      .where(eq(orders.id, order._id));
    return order._id;
  }

  /** As the admin by default; `null` sends no token. */
  const stats = (query: Record<string, string>, who: Shopper | null = boss) =>
    injectUnchecked(t, api.stats.overview, { query }, who ?? undefined);

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv({ SHOP_TIME_ZONE: 'America/New_York' }) });
    [alice, bob, boss] = await Promise.all([
      shopper(t, { name: 'ALICE BUYER' }),
      shopper(t, { name: 'BOB PURCHASER' }),
      adminShopper(t),
    ]);
    drive = await addProduct(t, { name: 'Stats NVMe 2TB', price: 40, available: 1000 });
    memory = await addProduct(t, { name: 'Stats DDR5 32GB', price: 70, available: 1000 });
    scarce = await addProduct(t, {
      name: 'Stats PSU 850W',
      price: 90,
      available: 3,
      lowStockThreshold: 5,
    });
    gone = await addProduct(t, { name: 'Stats Case Fan', price: 9, available: 0 });

    // 03:30 UTC on 1 March is 22:30 on 28 February in New York.
    ids.edgeOfFebruary = await paidOrder(alice, drive._id, 10, '2026-03-01T03:30:00Z');
    // 05:30 UTC on 1 March is 00:30 on 1 March in New York (EST, UTC-5).
    ids.firstOfMarch = await paidOrder(alice, memory._id, 2, '2026-03-01T05:30:00Z');
    // The clocks went forward on 8 March: 04:30 UTC on 9 March is 00:30 EDT on 9 March.
    ids.afterDst = await paidOrder(bob, drive._id, 5, '2026-03-09T04:30:00Z');
    ids.shipped = await paidOrder(bob, memory._id, 1, '2026-03-02T15:00:00Z');
    const shipped = await inject(t, api.orders.ship, { params: { id: ids.shipped } }, boss);
    expect(shipped.statusCode, shipped.body).toBe(200);
    // Before the period: counted for the period before only.
    ids.before = await paidOrder(bob, memory._id, 3, '2026-02-27T12:00:00Z');
    // Shipping and tax charged on two lines (issue 29), as checkout stores them (cents): apart
    // from revenue, which stays the goods net of tax.
    await t.db
      .update(orders)
      .set({ shippingCharge: 1250, tax: 7838 })
      .where(eq(orders.id, ids.edgeOfFebruary));
    await t.db
      .update(orders)
      .set({ shippingCharge: 990, tax: 4178 })
      .where(eq(orders.id, ids.before));
    // Unpaid: one whose hold ends within the day, one with its full hold ahead.
    const expiring = await placeOrder(t, bob, drive._id, 3);
    ids.expiring = expiring._id;
    await t.db
      .update(orders)
      .set({ holdExpiresAt: sql`now() + interval '2 hours'` })
      .where(eq(orders.id, expiring._id));
    ids.unpaid = (await placeOrder(t, alice, memory._id, 1))._id;
    // Cancelled by its customer: gone, counted nowhere.
    const cancelled = await placeOrder(t, alice, drive._id, 7);
    const cancel = await inject(t, api.orders.cancel, { params: { id: cancelled._id } }, alice);
    expect(cancel.statusCode, cancel.body).toBe(200);

    // Alice joined late on 28 February by New York's clock, Bob on 5 March.
    await t.db
      .update(users)
      .set({ createdAt: new Date('2026-03-01T03:00:00Z') })
      .where(eq(users.email, alice.email));
    await t.db
      .update(users)
      .set({ createdAt: new Date('2026-03-05T18:00:00Z') })
      .where(eq(users.email, bob.email));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts revenue (goods, net of tax) by the shop's day it was paid, shipping and tax apart, across the time-zone and DST edges", async () => {
    const response = await stats({ from: '2026-02-28', to: '2026-03-09', interval: 'day' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Stats>();
    expect(body).toMatchObject({
      from: '2026-02-28',
      to: '2026-03-09',
      interval: 'day',
      timeZone: 'America/New_York',
    });
    // Every day of the period, with zeros where nothing was paid.
    expect(body.revenue).toEqual([
      { period: '2026-02-28', total: 400, shipping: 12.5, tax: 78.38, orders: 1, purchases: 1 },
      { period: '2026-03-01', total: 140, shipping: 0, tax: 0, orders: 1, purchases: 1 },
      { period: '2026-03-02', total: 70, shipping: 0, tax: 0, orders: 1, purchases: 1 },
      { period: '2026-03-03', total: 0, shipping: 0, tax: 0, orders: 0, purchases: 0 },
      { period: '2026-03-04', total: 0, shipping: 0, tax: 0, orders: 0, purchases: 0 },
      { period: '2026-03-05', total: 0, shipping: 0, tax: 0, orders: 0, purchases: 0 },
      { period: '2026-03-06', total: 0, shipping: 0, tax: 0, orders: 0, purchases: 0 },
      { period: '2026-03-07', total: 0, shipping: 0, tax: 0, orders: 0, purchases: 0 },
      { period: '2026-03-08', total: 0, shipping: 0, tax: 0, orders: 0, purchases: 0 },
      { period: '2026-03-09', total: 200, shipping: 0, tax: 0, orders: 1, purchases: 1 },
    ]);
    // The ten days before: only the order of 27 February.
    expect(body.previous).toEqual({
      from: '2026-02-18',
      to: '2026-02-27',
      total: 210,
      shipping: 9.9,
      tax: 41.78,
      orders: 1,
      purchases: 1,
    });
  });

  it('groups by week from Monday, a Sunday night in the week it ends', async () => {
    const body = (
      await stats({ from: '2026-02-23', to: '2026-03-15', interval: 'week' })
    ).json<Stats>();
    expect(body.revenue).toEqual([
      // 27 Feb (210), 28 Feb (400) and Sunday 1 March (140).
      { period: '2026-02-23', total: 750, shipping: 22.4, tax: 120.16, orders: 3, purchases: 3 },
      { period: '2026-03-02', total: 70, shipping: 0, tax: 0, orders: 1, purchases: 1 },
      { period: '2026-03-09', total: 200, shipping: 0, tax: 0, orders: 1, purchases: 1 },
    ]);
    expect(body.newCustomers).toEqual([
      { period: '2026-02-23', count: 1 },
      { period: '2026-03-02', count: 1 },
      { period: '2026-03-09', count: 0 },
    ]);
  });

  it('ranks products and customers by the revenue of the period', async () => {
    const body = (await stats({ from: '2026-02-28', to: '2026-03-09' })).json<Stats>();
    expect(body.topProducts).toEqual([
      { productId: drive._id, name: 'Stats NVMe 2TB', revenue: 600, quantity: 15 },
      { productId: memory._id, name: 'Stats DDR5 32GB', revenue: 210, quantity: 3 },
    ]);
    expect(body.topCustomers).toEqual([
      { email: alice.email, name: 'ALICE BUYER', revenue: 540 },
      { email: bob.email, name: 'BOB PURCHASER', revenue: 270 },
    ]);
    // New customers by the shop's day: Alice on 28 February, Bob on 5 March; the admin is none.
    const joined = body.newCustomers.filter((row) => row.count > 0);
    expect(joined).toEqual([
      { period: '2026-02-28', count: 1 },
      { period: '2026-03-05', count: 1 },
    ]);
  });

  it('counts every order by its state now, the pieces unpaid orders hold, and the holds about to end', async () => {
    const body = (await stats({ from: '2026-02-28', to: '2026-03-09' })).json<Stats>();
    // Paid: four (one shipped besides); unpaid: two, holding 3 + 1 pieces; the cancelled: none.
    expect(body.ordersByState).toEqual({ unpaid: 2, paid: 4, shipped: 1, held: 4 });
    expect(body.expiringSoon).toHaveLength(1);
    expect(body.expiringSoon[0]).toMatchObject({
      _id: ids.expiring,
      email: bob.email,
      productName: 'Stats NVMe 2TB',
      price: 120,
    });
    const hoursLeft = (Date.parse(body.expiringSoon[0]!.holdExpiresAt) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(1);
    expect(hoursLeft).toBeLessThanOrEqual(2);
  });

  it('lists the products at or below their low-stock threshold, fewest first', async () => {
    const body = (await stats({})).json<Stats>();
    expect(body.lowStock).toEqual([
      { productId: gone._id, name: 'Stats Case Fan', available: 0, threshold: 0 },
      { productId: scarce._id, name: 'Stats PSU 850W', available: 3, threshold: 5 },
    ]);
    expect(body.lowStockTotal).toBe(2);
    // One more piece above the threshold and it is off the list.
    await t.db.update(products).set({ available: 6 }).where(eq(products.id, scarce._id));
    const after = (await stats({})).json<Stats>();
    expect(after.lowStock.map((row) => row.name)).toEqual(['Stats Case Fan']);
    await t.db.update(products).set({ available: 3 }).where(eq(products.id, scarce._id));
  });

  it("without a period, answers the last 30 of the shop's days, today included", async () => {
    const body = (await stats({})).json<Stats>();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(),
    );
    expect(body.to).toBe(today);
    expect(body.revenue).toHaveLength(30);
    expect(body.revenue.at(-1)?.period).toBe(today);
    expect(body.revenue.every((row) => row.total === 0)).toBe(true);
  });

  it("a day's bar opens the orders paid that day: GET /admin/orders?paidFrom=&paidTo=", async () => {
    const list = async (query: Record<string, string>) => {
      const response = await inject(t, api.orders.adminList, { query }, boss);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as AdminOrderPage).items.map((order) => order._id);
    };
    expect(await list({ paidFrom: '2026-02-28', paidTo: '2026-02-28' })).toEqual([
      ids.edgeOfFebruary,
    ]);
    expect(await list({ paidFrom: '2026-03-09', paidTo: '2026-03-15' })).toEqual([ids.afterDst]);
    expect(new Set(await list({ paidFrom: '2026-03-01', paidTo: '2026-03-02' }))).toEqual(
      new Set([ids.firstOfMarch, ids.shipped]),
    );
    expect(await list({ paidFrom: '2026-03-03', paidTo: '2026-03-08' })).toEqual([]);
    const bad = await injectUnchecked(
      t,
      api.orders.adminList,
      { query: { paidFrom: '2026-02-30' } },
      boss,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('downloads the period as CSV: one row per day, the total, and the period before', async () => {
    const response = await injectUnchecked(
      t,
      api.stats.csv,
      { query: { from: '2026-02-28', to: '2026-03-02' } },
      boss,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="overview-2026-02-28-2026-03-02.csv"',
    );
    expect(formulaCells(response.body)).toEqual([]);
    expect(parse(response.body)).toEqual([
      [
        'Day',
        'Revenue',
        'Paid orders',
        'Paid lines',
        'New customers',
        'Shipping charged',
        'Tax collected',
      ],
      ['2026-02-28', '400', '1', '1', '1', '12.50', '78.38'],
      ['2026-03-01', '140', '1', '1', '0', '0', '0'],
      ['2026-03-02', '70', '1', '1', '0', '0', '0'],
      ['Total 2026-02-28 to 2026-03-02', '610', '3', '3', '1', '12.50', '78.38'],
      ['Period before: 2026-02-25 to 2026-02-27', '210', '1', '1', '', '9.90', '41.78'],
    ]);
  });

  it('sums money and quantities in 64 bits: a period past $2,147,483,647 answers (issue 27)', async () => {
    // Checkout caps a purchase at one card payment and a line's quantity by stock, so no order
    // placed through the API comes near: the rows are set directly, in cents, with cents.
    const huge = 2_000_000_000;
    const hugeCents = 200_000_000_050; // $2,000,000,000.50
    const dollars = (cents: number) => cents / 100;
    const bigOrder = async (who: Shopper, paidAt: string) => {
      const id = await paidOrder(who, drive._id, 1, paidAt);
      await t.db
        .update(orders)
        .set({ price: hugeCents, unitPrice: hugeCents, quantity: huge })
        .where(eq(orders.id, id));
    };
    await bigOrder(alice, '2031-06-01T15:00:00Z');
    await bigOrder(bob, '2031-06-02T15:00:00Z');
    await bigOrder(alice, '2031-06-03T15:00:00Z');
    await bigOrder(bob, '2031-06-03T16:00:00Z');

    const response = await stats({ from: '2031-06-02', to: '2031-06-03', interval: 'week' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Stats>();
    // $6,000,000,001.50: summed in cents, to the cent.
    expect(body.revenue).toEqual([
      {
        period: '2031-06-02',
        total: dollars(3 * hugeCents),
        shipping: 0,
        tax: 0,
        orders: 3,
        purchases: 3,
      },
    ]);
    expect(body.revenue[0]?.total).toBe(6_000_000_001.5);
    expect(body.previous).toMatchObject({ total: dollars(hugeCents), orders: 1 });
    expect(body.topProducts[0]).toMatchObject({
      productId: drive._id,
      revenue: dollars(3 * hugeCents),
      quantity: 3 * huge,
    });
    expect(body.topCustomers.map((row) => row.revenue)).toEqual([
      dollars(2 * hugeCents),
      dollars(hugeCents),
    ]);

    const csv = await injectUnchecked(
      t,
      api.stats.csv,
      { query: { from: '2031-06-02', to: '2031-06-03' } },
      boss,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(parse(csv.body)).toContainEqual([
      '2031-06-02',
      '2000000000.50',
      '1',
      '1',
      '0',
      '0',
      '0',
    ]);
    expect(parse(csv.body)).toContainEqual(['2031-06-03', '4000000001', '2', '2', '0', '0', '0']);
  });

  it.each([
    [{ from: '2026-03-09', to: '2026-02-28' }, statsMessages.order],
    [{ from: '2026-02-30', to: '2026-03-09' }, 'YYYY-MM-DD'],
    [{ from: '2026-3-1', to: '2026-03-09' }, 'YYYY-MM-DD'],
    // 401 days by day; ten years and two days by week (DESIGN section 9, Bounds).
    [{ from: '2025-01-01', to: '2026-02-05' }, statsMessages.long],
    [{ from: '2016-01-01', to: '2026-01-02', interval: 'week' }, statsMessages.long],
    // Past the year 9999 a day has no YYYY-MM-DD name: the day loop never ended (issue 27).
    [{ from: '9999-12-01', to: '9999-12-31' }, dateMessages.range],
    [{ from: '2100-12-31', to: '2101-01-01' }, dateMessages.range],
    [{ from: '1999-12-31', to: '2000-01-02' }, dateMessages.range],
    [{ from: '2026-03-01' }, statsMessages.both],
    [{ from: '2026-03-01', to: '2026-03-09', interval: 'month' }, statsMessages.interval],
  ])('a bad range %j answers 400 with a message', async (query, message) => {
    const response = await stats(query as Record<string, string>);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it.each([
    { from: '2025-01-01', to: '2026-02-04', interval: 'day' },
    { from: '2016-01-01', to: '2025-12-31', interval: 'week' },
    { from: '2100-12-01', to: '2100-12-31', interval: 'day' },
    { from: '2000-01-01', to: '2000-01-31', interval: 'week' },
  ])('answers the longest ranges and the first and last dates: %j', async (query) => {
    const response = await stats(query);
    expect(response.statusCode, response.body).toBe(200);
    const periods = response.json<Stats>().revenue.map((row) => row.period);
    expect(periods.at(-1)! <= query.to).toBe(true);
    const csv = await injectUnchecked(t, api.stats.csv, { query }, boss);
    expect(csv.statusCode, csv.body).toBe(200);
  });

  it('is refused to customers (403) and to visitors without a token (401)', async () => {
    expect((await stats({}, alice)).statusCode).toBe(403);
    expect((await stats({}, null)).statusCode).toBe(401);
    const csv = await injectUnchecked(t, api.stats.csv, { query: {} }, alice);
    expect(csv.statusCode).toBe(403);
  });
});

describe('periods of a range', () => {
  it('lists each day, or each Monday from the week the range starts in', () => {
    expect(periodsOf({ from: '2026-02-27', to: '2026-03-02', interval: 'day' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    // 1 March 2026 is a Sunday: its week began on 23 February.
    expect(periodsOf({ from: '2026-03-01', to: '2026-03-16', interval: 'week' })).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
  });
});
