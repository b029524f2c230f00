import { api, orderSchema } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject } from '../../test-support/inject.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  placeOrder,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

/** Reading orders: your own list, one order, and every order for an admin. */
describe.each(testDatabases())('orders on %s', (kind) => {
  let t: TestApp;
  let alice: Shopper;
  let bob: Shopper;
  let boss: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    [alice, bob, boss] = await Promise.all([
      shopper(t, { name: 'ALICE BUYER' }),
      shopper(t, { name: 'BOB BUYER' }),
      adminShopper(t),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ordersOf = (email: string, who?: Shopper) =>
    inject(t, api.orders.listOwn, { query: { email } }, who);
  const readOrder = (id: string, who?: Shopper) =>
    inject(t, api.orders.get, { params: { id } }, who);
  const allOrders = (who?: Shopper) => inject(t, api.orders.listAll, {}, who);

  describe('reading orders', () => {
    it('GET /api/orders?email= lists only your own orders, newest first', async () => {
      const carol = await shopper(t);
      const product = await addProduct(t, { available: 50 });
      const first = await placeOrder(t, carol, product._id, 1);
      const second = await placeOrder(t, carol, product._id, 2);
      await placeOrder(t, bob, product._id, 3);
      const response = await ordersOf(carol.email, carol);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const list = response.json();
      expect(list.map((o) => o._id)).toEqual([second._id, first._id]);
      for (const order of list) expect(orderSchema.strict().safeParse(order).success).toBe(true);
    });

    it('GET /api/orders refuses another email with 403 (admins too) and no token with 401', async () => {
      const other = await ordersOf(bob.email, alice);
      expect(other.statusCode).toBe(403);
      const asAdmin = await ordersOf(bob.email, boss);
      expect(asAdmin.statusCode).toBe(403);
      const anonymous = await ordersOf(bob.email);
      expect(anonymous.statusCode).toBe(401);
    });

    it('GET /api/order/{id}: the owner and an admin read it, another customer gets 403, a missing one 404', async () => {
      const product = await addProduct(t);
      const order = await placeOrder(t, alice, product._id, 1);
      const own = await readOrder(order._id, alice);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual(order);
      expect((await readOrder(order._id, boss)).statusCode).toBe(200);
      expect((await readOrder(order._id, bob)).statusCode).toBe(403);
      expect((await readOrder(order._id)).statusCode).toBe(401);
      const missing = await readOrder('6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', alice);
      expect(missing.statusCode).toBe(404);
      expect((await readOrder('not-an-id', alice)).statusCode).toBe(400);
    });

    it("GET /api/allorders is for admins: everyone's orders for them, 403 for customers, 401 anonymous", async () => {
      const product = await addProduct(t);
      const order = await placeOrder(t, bob, product._id, 1);
      const response = await allOrders(boss);
      expect(response.statusCode).toBe(200);
      expect(response.json()[0]).toEqual(order);
      expect((await allOrders(alice)).statusCode).toBe(403);
      expect((await allOrders()).statusCode).toBe(401);
    });
  });
});
