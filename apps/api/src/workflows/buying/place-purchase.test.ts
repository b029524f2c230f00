import { randomUUID } from 'node:crypto';
import { messages } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import {
  addProduct,
  availableOf,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';
import { findShopUserByEmail } from '../../modules/users/service.js';
import { type SignedInUser } from '../../kernel/people.js';
import { buyNow } from './routes-adapters.js';

/** Buy Now through the one way to buy: purchases of one line, placed in batches per product. */
const contact = { number: '+(555) 123-4567', address: '12 Harbour Road, Springfield' };

/** Settles every promise and answers each one's order quantity, or the HTTP status refusing it. */
async function outcomes(placing: Promise<{ order?: { quantity: number } }>[]) {
  const settled = await Promise.allSettled(placing);
  return settled.map((result) =>
    result.status === 'fulfilled'
      ? result.value.order?.quantity
      : result.reason instanceof HttpError
        ? `refused ${result.reason.statusCode}`
        : `failed: ${String(result.reason)}`,
  );
}

describe.each(testDatabases())('placing orders together on %s', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  const asShopUser = async (who: Shopper) => {
    const user = await findShopUserByEmail(t.db, who.email);
    if (!user) throw new Error(`no shop user for ${who.email}`);
    return user;
  };
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    [alice, bob] = await Promise.all([shopper(t).then(asShopUser), shopper(t).then(asShopUser)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const place = (who: SignedInUser, productId: string, quantity: number) =>
    buyNow(t.app.orders, who, { productId, quantity, ...contact });

  it('judges each order in arrival order against the stock the orders before it left', async () => {
    const product = await addProduct(t, { available: 10, minimum: 2 });
    const results = await outcomes([
      place(alice, product._id, 4),
      place(bob, product._id, 7), // only 6 left
      place(alice, product._id, 1), // below the minimum
      place(bob, product._id, 6),
      place(alice, product._id, 2), // nothing left
    ]);
    expect(results).toEqual([4, 'refused 409', 'refused 400', 6, 'refused 409']);
    expect(await availableOf(t, product._id)).toBe(0);
    const stored = await t.db.select().from(orders).where(eq(orders.productId, product._id));
    expect(stored.map((order) => order.quantity).sort()).toEqual([4, 6]);
  });

  it('puts orders that arrive together into fewer transactions than orders', async () => {
    const product = await addProduct(t, { available: 1000, minimum: 1 });
    const results = await outcomes(
      Array.from({ length: 40 }, (_, i) => place(i % 2 ? alice : bob, product._id, 1)),
    );
    expect(results.every((result) => result === 1)).toBe(true);
    const stored = await t.db.select().from(orders).where(eq(orders.productId, product._id));
    expect(stored).toHaveLength(40);
    // created_at is the transaction's start time: one value per transaction.
    const transactions = new Set(stored.map((order) => order.createdAt.getTime()));
    expect(transactions.size).toBeLessThan(40);
    expect(await availableOf(t, product._id)).toBe(960);
  });

  it('does not let one order that the database refuses fail the others in its batch', async () => {
    const product = await addProduct(t, { available: 100, minimum: 1 });
    // A customer removed after the token check: the insert breaks on the user reference.
    const ghost = { id: randomUUID(), email: 'ghost@example.com', isAdmin: false };
    const results = await outcomes([
      place(alice, product._id, 3),
      place(ghost, product._id, 5),
      place(bob, product._id, 4),
    ]);
    expect(results[0]).toBe(3);
    expect(results[1]).toMatch(/^failed/);
    expect(results[2]).toBe(4);
    expect(await availableOf(t, product._id)).toBe(93);
  });

  it('answers 404 for every order of a product that does not exist', async () => {
    const missing = randomUUID();
    expect(await outcomes([place(alice, missing, 1), place(bob, missing, 2)])).toEqual([
      'refused 404',
      'refused 404',
    ]);
  });

  it('never oversells when 60 orders of mixed sizes race for 100 pieces', async () => {
    const product = await addProduct(t, { available: 100, minimum: 1 });
    const sizes = Array.from({ length: 60 }, (_, i) => 1 + (i % 7));
    const results = await outcomes(
      sizes.map((size, i) => place(i % 2 ? alice : bob, product._id, size)),
    );
    const sold = results.filter((r): r is number => typeof r === 'number');
    expect(results.every((r) => typeof r === 'number' || r === 'refused 409')).toBe(true);
    expect(sold.reduce((a, b) => a + b, 0)).toBe(100 - (await availableOf(t, product._id)));
    expect(await availableOf(t, product._id)).toBeGreaterThanOrEqual(0);
    expect(messages.unavailableQuantity).toBe('Unavailable Quantity.');
  });
});
