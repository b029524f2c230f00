import { api } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject } from '../../test-support/inject.js';
import { payAtGateway } from '../../test-support/orders.js';
import {
  addProduct,
  availableOf,
  orderTestEnv,
  placeOrder,
  recordPayment,
  shopper,
} from '../../test-support/shop.js';
import { sweepExpiredOrders } from './hold.js';

const HOUR = 60 * 60 * 1000;

describe.each(testDatabases())('the stored hold expiry, on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const storedHold = async (app: TestApp, id: string) => {
    const [row] = await app.db
      .select({ holdExpiresAt: orders.holdExpiresAt })
      .from(orders)
      .where(eq(orders.id, id));
    return row?.holdExpiresAt ?? null;
  };

  it('is written when the order is placed, answered as stored, and cleared once it is paid', async () => {
    t = await buildTestApp(kind, { env: orderTestEnv({ ORDER_HOLD_HOURS: '5' }) });
    const app = t;
    const customer = await shopper(app);
    const product = await addProduct(app, { available: 10, price: 20 });
    const order = await placeOrder(app, customer, product._id, 2);

    const stored = await storedHold(app, order._id);
    expect(order.holdExpiresAt).toBe(stored?.toISOString());
    expect(Date.parse(order.holdExpiresAt ?? '') - Date.parse(order.createdAt)).toBe(5 * HOUR);

    // The answers read the column: a hold changed in the database is the hold they report.
    const later = new Date(Date.parse(order.createdAt) + 7 * HOUR);
    await app.db.update(orders).set({ holdExpiresAt: later }).where(eq(orders.id, order._id));
    const read = await inject(app, api.orders.get, { params: { id: order._id } }, customer);
    expect(read.json().holdExpiresAt).toBe(later.toISOString());

    const intentId = await payAtGateway(app, customer, order._id);
    const paid = await recordPayment(app, customer, order._id, intentId);
    expect(paid.json().order).toMatchObject({ paid: true, holdExpiresAt: null });
    expect(await storedHold(app, order._id)).toBeNull();
  });

  it('is what the sweeper reads: a later hold keeps an old order, an ended one releases a new one', async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    const app = t;
    const customer = await shopper(app);
    const product = await addProduct(app, { available: 10 });
    const old = await placeOrder(app, customer, product._id, 4);
    const fresh = await placeOrder(app, customer, product._id, 3);
    const now = new Date();
    await app.db
      .update(orders)
      .set({
        createdAt: sql`now() - interval '100 hours'`,
        holdExpiresAt: new Date(now.getTime() + HOUR),
      })
      .where(eq(orders.id, old._id));
    await app.db
      .update(orders)
      .set({ holdExpiresAt: new Date(now.getTime() - 1000) })
      .where(eq(orders.id, fresh._id));

    const result = await sweepExpiredOrders(app.app.orders, now);
    expect(result).toMatchObject({ released: 1, markedPaid: 0, failed: 0 });
    expect(await availableOf(app, product._id)).toBe(6);
    const left = await app.db.select({ id: orders.id }).from(orders);
    expect(left.map((o) => o.id)).toEqual([old._id]);
  });
});

describe.each(testDatabases())('the hold sweeper that createServer starts, on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('releases the stock of an order past its hold on its own, every ORDER_SWEEP_SECONDS', async () => {
    t = await buildTestApp(kind, {
      env: orderTestEnv({ ORDER_HOLD_HOURS: '1', ORDER_SWEEP_SECONDS: '1' }),
    });
    const app = t;
    const customer = await shopper(app);
    const product = await addProduct(app, { available: 10 });
    const old = await placeOrder(app, customer, product._id, 4);
    const fresh = await placeOrder(app, customer, product._id, 3);
    expect(fresh.holdExpiresAt).not.toBeNull();
    await app.db
      .update(orders)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, old._id));

    const deadline = Date.now() + 10_000;
    while ((await availableOf(app, product._id)) !== 7 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await availableOf(app, product._id)).toBe(7);
    const left = await app.db.select({ id: orders.id }).from(orders);
    expect(left.map((o) => o.id)).toEqual([fresh._id]);
  });
});
