import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api, type Purchase } from '@shop/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import { inject } from '../test-support/inject.js';
import { checkout, payPurchase } from '../test-support/purchases.js';
import { addProduct, orderTestEnv, shopper, type Shopper } from '../test-support/shop.js';
import { migrationsFolder } from './client.js';
import { orders, purchases } from './schema.js';

/**
 * purchases.line_state (migration 0020): the database keeps each purchase's state as its lines
 * change, whatever statement changes them, and it always says what statusOf says of the lines
 * (the purchase's answer, purchase-serialize.ts).
 */
describe.each(testDatabases())('purchases.line_state on %s', (kind) => {
  let t: TestApp;
  let bea: Shopper;
  let products: string[];
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    bea = await shopper(t);
    products = [];
    for (const name of ['Quiet Case Fan', 'SATA Cable', 'M.2 Heatsink']) {
      products.push((await addProduct(t, { name, available: 1_000 }))._id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const stored = async (id: string) => {
    const [row] = await t.db
      .select({ lineState: purchases.lineState })
      .from(purchases)
      .where(eq(purchases.id, id));
    return row!.lineState;
  };
  /** The state kept, beside the status the purchase's answer computes from its lines. */
  const both = async (id: string) => {
    const answer = await inject(t, api.purchases.get, { params: { id } }, bea);
    const status = (answer.json() as Purchase).status;
    return { kept: await stored(id), status };
  };
  const threeLines = () =>
    checkout(
      t,
      bea,
      products.map((productId) => ({ productId, quantity: 2 })),
    );
  const linesOf = (purchaseId: string) =>
    t.db.select().from(orders).where(eq(orders.purchaseId, purchaseId)).orderBy(orders.seq);

  it('follows a purchase from placed to paid, partly shipped, shipped and emptied', async () => {
    const purchase = await threeLines();
    expect(await both(purchase._id)).toEqual({ kept: 'unpaid', status: 'unpaid' });
    await payPurchase(t, bea, purchase._id);
    expect(await both(purchase._id)).toEqual({ kept: 'paid', status: 'paid' });
    const [first, second, third] = await linesOf(purchase._id);
    await t.db.update(orders).set({ shippedQuantity: 1 }).where(eq(orders.id, first!.id));
    expect(await both(purchase._id)).toEqual({
      kept: 'partially_shipped',
      status: 'partially_shipped',
    });
    await t.db
      .update(orders)
      .set({ shippedQuantity: 2, shipping: true })
      .where(inArray(orders.id, [first!.id, second!.id, third!.id]));
    expect(await both(purchase._id)).toEqual({ kept: 'shipped', status: 'shipped' });
    await t.db.delete(orders).where(eq(orders.purchaseId, purchase._id));
    expect(await both(purchase._id)).toEqual({ kept: null, status: 'cancelled' });
  });

  it('keeps every purchase a statement touches, and leaves the others alone', async () => {
    const [a, b, c] = [await threeLines(), await threeLines(), await threeLines()];
    const [aLine] = await linesOf(a._id);
    const [bLine] = await linesOf(b._id);
    // One statement across two purchases: a's only line left unpaid, b's first line removed.
    await t.db
      .update(orders)
      .set({ paid: true, holdExpiresAt: null })
      .where(inArray(orders.purchaseId, [a._id, b._id]));
    await t.db.update(orders).set({ paid: false }).where(eq(orders.id, aLine!.id));
    await t.db.delete(orders).where(eq(orders.id, bLine!.id));
    expect(await both(a._id)).toEqual({ kept: 'unpaid', status: 'unpaid' });
    expect(await both(b._id)).toEqual({ kept: 'paid', status: 'paid' });
    expect(await both(c._id)).toEqual({ kept: 'unpaid', status: 'unpaid' });
  });

  it("gives the purchases placed before migration 0020 the state their lines say (the migration's backfill)", async () => {
    const migration = readFileSync(
      path.join(migrationsFolder, '0020_purchase_line_state.sql'),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    const before = await t.db
      .select({ id: purchases.id, lineState: purchases.lineState })
      .from(purchases)
      .orderBy(purchases.id);
    expect(before.some((row) => row.lineState !== null)).toBe(true);
    // As an upgraded database had them: no state on any purchase.
    await t.db.update(purchases).set({ lineState: null });
    await t.db.execute(sql.raw(backfill));
    const after = await t.db
      .select({ id: purchases.id, lineState: purchases.lineState })
      .from(purchases)
      .orderBy(purchases.id);
    expect(after).toEqual(before);
  });
});
