import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import {
  addProduct,
  availableOf,
  orderTestEnv,
  placeOrder,
  shopper,
} from '../../test-support/shop.js';

describe.each(testDatabases())('the hold sweeper that createServer starts, on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('releases the stock of an order past ORDER_HOLD_HOURS on its own, every ORDER_SWEEP_SECONDS', async () => {
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
      .set({ createdAt: sql`now() - interval '2 hours'` })
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
