import {
  api,
  syncMessages,
  type AdminOrderPage,
  type ApiErrorBody,
  type Product,
  type ProductPage,
  type Purchase,
} from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import { answered, injectUnchecked } from '../test-support/inject.js';
import { checkout, payPurchase } from '../test-support/purchases.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../test-support/shop.js';
import { rowsOf } from './rows.js';
import { products } from './schema.js';

const { catalog, purchases, orders } = api;
const DAWN = '2000-01-01T00:00:00Z';

interface SyncPage<T> {
  items: T[];
  total: number;
  nextUpdatedSince?: string;
}

/**
 * Sync by change time (issue 32 item 3, docs/decisions/055): a program asks GET /products,
 * /purchases or /admin/orders with `updatedSince`, then again with the answer's
 * `nextUpdatedSince`, and so reads every change once: none skipped when writes run meanwhile or a
 * transaction commits late, none twice.
 */
describe.each(testDatabases())('sync by updatedSince on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** One page of changes of `contract` from `since`. */
  const page = async <T>(
    contract: typeof catalog.search | typeof purchases.listOwn | typeof orders.adminList,
    since: string,
    limit: number,
    who?: Shopper,
  ) =>
    answered<SyncPage<T>>(
      injectUnchecked(t, contract, { query: { updatedSince: since, limit: String(limit) } }, who),
    );

  /** The database's clock now, as a cursor reads. */
  const databaseNow = async () => {
    const [row] = rowsOf<{ at: string }>(
      await t.db.execute(
        sql`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`,
      ),
    );
    return row!.at;
  };

  /**
   * Every change from `since` on, page by page, until the cursor has passed the database's clock
   * when asked: what a program reads to catch up. An empty page alone is not the end: a
   * transaction still open elsewhere (the order sweeper's, say) holds the horizon back a moment.
   */
  const drain = async <T>(
    contract: Parameters<typeof page>[0],
    since: string,
    limit: number,
    who?: Shopper,
  ) => {
    const until = await databaseNow();
    const read: T[] = [];
    let cursor = since;
    for (let asked = 0; asked < 10_000; asked += 1) {
      const answer = await page<T>(contract, cursor, limit, who);
      expect(answer.items.length).toBeLessThanOrEqual(limit);
      read.push(...answer.items);
      expect(answer.nextUpdatedSince! >= cursor).toBe(true);
      cursor = answer.nextUpdatedSince!;
      if (answer.items.length === 0 && cursor >= until) return { read, cursor };
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error('the changes never ended');
  };

  const editPrice = (id: string, price: number) =>
    answered(injectUnchecked(t, catalog.update, { params: { id }, body: { price } }, admin));

  it('reads each product change once, page by page, the latest state of each', async () => {
    const start = (await drain<Product>(catalog.search, DAWN, 100)).cursor;
    const [ssd, psu, nic] = [
      await addProduct(t, { name: 'Sync SSD', price: 80 }),
      await addProduct(t, { name: 'Sync PSU', price: 60 }),
      await addProduct(t, { name: 'Sync NIC', price: 40 }),
    ];
    await editPrice(ssd._id, 75);
    const { read, cursor } = await drain<Product>(catalog.search, start, 2);
    expect(read.map((product) => product._id)).toEqual([psu._id, nic._id, ssd._id]);
    expect(read[2]!.price).toBe(75);
    // Nothing new: nothing read, and the cursor stays.
    const again = await page<Product>(catalog.search, cursor, 2);
    expect(again.items).toEqual([]);
    expect(again.total).toBe(0);
    // Stock taken by a purchase is a change an ERP syncing stock wants.
    const buyer = await shopper(t);
    await checkout(t, buyer, [{ productId: psu._id, quantity: 2 }]);
    const after = await drain<Product>(catalog.search, cursor, 2);
    expect(after.read.map((product) => [product._id, product.available])).toEqual([
      [psu._id, psu.available - 2],
    ]);
  });

  it('a buyer’s purchases: each change once, a line paid or shipped changing its purchase', async () => {
    const buyer = await shopper(t);
    const other = await shopper(t);
    const product = await addProduct(t, { price: 30, available: 100 });
    const start = (await drain<Purchase>(purchases.listOwn, DAWN, 50, buyer)).cursor;
    const first = await checkout(t, buyer, [{ productId: product._id, quantity: 1 }]);
    const second = await checkout(t, buyer, [{ productId: product._id, quantity: 2 }]);
    await checkout(t, other, [{ productId: product._id, quantity: 3 }]);
    const placed = await drain<Purchase>(purchases.listOwn, start, 1, buyer);
    expect(placed.read.map((purchase) => purchase._id)).toEqual([first._id, second._id]);

    await payPurchase(t, buyer, first._id);
    await answered(injectUnchecked(t, purchases.ship, { params: { id: first._id } }, admin));
    const changed = await drain<Purchase>(purchases.listOwn, placed.cursor, 1, buyer);
    expect(changed.read.map((purchase) => [purchase._id, purchase.status])).toEqual([
      [first._id, 'shipped'],
    ]);

    // The admin's orders: the ERP's copy of every line, each change once.
    const lines = await drain<AdminOrderPage['items'][number]>(orders.adminList, DAWN, 3, admin);
    const ids = lines.read.map((line) => line._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(lines.read.find((line) => line._id === first.orders[0]!._id)).toMatchObject({
      paid: true,
      shipping: true,
    });
  });

  it('under concurrent writes, every change is read and none twice', async () => {
    const items = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addProduct(t, { name: `Busy part ${i}`, price: 10 })),
    );
    const start = (await drain<Product>(catalog.search, DAWN, 100)).cursor;
    const seen: [string, number][] = [];
    let cursor = start;
    let writing = true;
    const reader = (async () => {
      // Reads while the writers write.
      while (writing) {
        const answer = await page<Product>(catalog.search, cursor, 3);
        seen.push(...answer.items.map((product): [string, number] => [product._id, product.price]));
        cursor = answer.nextUpdatedSince!;
        // Let the writers' requests in between (the embedded database answers in microtasks).
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all(
      items.map(async (item, i) => {
        for (let step = 1; step <= 5; step += 1) await editPrice(item._id, 10 + i * 10 + step);
      }),
    );
    writing = false;
    await reader;
    // Then on from where it stopped, until it has caught up.
    const rest = await drain<Product>(catalog.search, cursor, 3);
    seen.push(...rest.read.map((product): [string, number] => [product._id, product.price]));
    // Each product's last price was read, and no state of a product was read twice.
    for (const [i, item] of items.entries()) {
      const read = seen.filter(([id]) => id === item._id).map(([, price]) => price);
      expect(read.at(-1), item.name).toBe(10 + i * 10 + 5);
      expect(new Set(read).size, item.name).toBe(read.length);
    }
  });

  // Only PostgreSQL runs transactions side by side: the embedded database runs one at a time, so
  // a transaction cannot stay open while another commits there.
  if (kind === 'postgres') {
    it('a transaction committed late is read after it commits, not skipped', async () => {
      const [late, early] = [
        await addProduct(t, { name: 'Late commit', price: 20 }),
        await addProduct(t, { name: 'Early commit', price: 20 }),
      ];
      const start = (await drain<Product>(catalog.search, DAWN, 100)).cursor;
      let commit: () => void = () => {};
      const gate = new Promise<void>((resolve) => (commit = resolve));
      let written: () => void = () => {};
      const wrote = new Promise<void>((resolve) => (written = resolve));
      // A transaction changes one product and stays open...
      const open = t.db.transaction(async (tx) => {
        await tx.update(products).set({ price: 2100 }).where(eq(products.id, late._id));
        written();
        await gate;
      });
      await wrote;
      // ...while another change commits after it started.
      await editPrice(early._id, 22);
      const before = await page<Product>(catalog.search, start, 10);
      // The open transaction holds the horizon: the later change waits too, nothing is passed.
      expect(before.items).toEqual([]);
      expect(before.total).toBe(0);
      commit();
      await open;
      const after = await drain<Product>(catalog.search, before.nextUpdatedSince!, 10);
      expect(after.read.map((product) => [product._id, product.price])).toEqual([
        [late._id, 21],
        [early._id, 22],
      ]);
    });
  }
  it('refuses a time it cannot read, and filters or pages beside it, with a 400', async () => {
    const refused = async (query: Record<string, string>, message: string) => {
      const answer = await injectUnchecked(t, catalog.search, { query });
      expect(answer.statusCode, answer.body).toBe(400);
      expect((answer.json() as ApiErrorBody).message).toContain(message);
    };
    for (const bad of ['yesterday', '2026-02-30T10:00:00Z', '2026-11-28', '1999-01-01T00:00:00Z']) {
      await refused({ updatedSince: bad }, syncMessages.updatedSince);
    }
    await refused({ updatedSince: DAWN, q: 'ssd' }, syncMessages.alone);
    await refused({ updatedSince: DAWN, page: '2' }, syncMessages.alone);
    const mine = await injectUnchecked(
      t,
      purchases.listOwn,
      { query: { updatedSince: DAWN, status: 'paid' } },
      await shopper(t),
    );
    expect(mine.statusCode).toBe(400);
    const theirs = await injectUnchecked(
      t,
      orders.adminList,
      { query: { updatedSince: DAWN, paidFrom: '2026-11-01' } },
      admin,
    );
    expect(theirs.statusCode).toBe(400);
    // A time still ahead: nothing, and on from there.
    const ahead = await answered<ProductPage>(
      injectUnchecked(t, catalog.search, { query: { updatedSince: '2099-01-01T00:00:00Z' } }),
    );
    expect(ahead).toMatchObject({ items: [], nextUpdatedSince: '2099-01-01T00:00:00.000000Z' });
  });
});
