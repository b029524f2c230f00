import { api, deletedSchema, type ApiErrorBody } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject } from '../../test-support/inject.js';
import { orderRow } from '../../test-support/orders.js';
import {
  addProduct,
  adminShopper,
  availableOf,
  orderTestEnv,
  placeOrder,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';
import { orderMessages } from './messages.js';

/** After an order is placed: the owner cancels it, an admin deletes or ships it. */
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

  const byId = (id: string) => ({ params: { id } });
  const readOrder = (id: string, who?: Shopper) => inject(t, api.orders.get, byId(id), who);
  const cancelOrder = (id: string, who?: Shopper) => inject(t, api.orders.cancel, byId(id), who);
  const deleteOrder = (id: string, who?: Shopper) => inject(t, api.orders.remove, byId(id), who);
  const shipOrder = (id: string, who?: Shopper) => inject(t, api.orders.ship, byId(id), who);

  describe('cancelling, deleting and shipping', () => {
    const markPaid = (id: string) =>
      t.db
        .update(orders)
        .set({ paid: true, transactionId: 'pi_test', paidAt: new Date() })
        .where(eq(orders.id, id));

    it('the owner cancels an unpaid order and its stock is released', async () => {
      const product = await addProduct(t, { available: 10 });
      const order = await placeOrder(t, alice, product._id, 4);
      expect(await availableOf(t, product._id)).toBe(6);
      const response = await cancelOrder(order._id, alice);
      expect(response.statusCode, response.body).toBe(200);
      expect(deletedSchema.parse(response.json())).toEqual({
        acknowledged: true,
        deletedCount: 1,
      });
      expect(await availableOf(t, product._id)).toBe(10);
      expect((await readOrder(order._id, alice)).statusCode).toBe(404);
      // Cancelling again releases nothing more.
      expect((await cancelOrder(order._id, alice)).statusCode).toBe(404);
      expect(await availableOf(t, product._id)).toBe(10);
    });

    it('the catalogue answers show the stock an order takes and a cancel gives back, at once', async () => {
      // GET /items and /item/{id} answer from an in-memory copy (docs/decisions/006): each stock
      // change must reach it before the next read, not when the copy expires.
      const product = await addProduct(t, { available: 10, minimum: 1 });
      const shown = async () => {
        const list = (await inject(t, api.catalog.list)).json();
        const one = (await inject(t, api.catalog.get, { params: { id: product._id } })).json();
        return [list.find((p) => p._id === product._id)?.available, one.available];
      };
      expect(await shown()).toEqual([10, 10]);
      const order = await placeOrder(t, alice, product._id, 4);
      expect(await shown()).toEqual([6, 6]);
      expect((await cancelOrder(order._id, alice)).statusCode).toBe(200);
      expect(await shown()).toEqual([10, 10]);
      const second = await placeOrder(t, bob, product._id, 3);
      expect(await shown()).toEqual([7, 7]);
      expect((await deleteOrder(second._id, boss)).statusCode).toBe(200);
      expect(await shown()).toEqual([10, 10]);
    });

    it("refuses to cancel another customer's order (403), even for an admin on the customer route", async () => {
      const product = await addProduct(t);
      const order = await placeOrder(t, alice, product._id, 2);
      expect((await cancelOrder(order._id, bob)).statusCode).toBe(403);
      expect((await cancelOrder(order._id, boss)).statusCode).toBe(403);
      expect((await cancelOrder(order._id)).statusCode).toBe(401);
      expect(await availableOf(t, product._id)).toBe(8);
    });

    it('refuses to cancel or delete a paid order with 409, and keeps its stock reserved', async () => {
      const product = await addProduct(t);
      const order = await placeOrder(t, alice, product._id, 3);
      await markPaid(order._id);
      const cancel = await cancelOrder(order._id, alice);
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json<ApiErrorBody>().message).toBe(orderMessages.paidCannotBeCancelled);
      const remove = await deleteOrder(order._id, boss);
      expect(remove.statusCode).toBe(409);
      expect(remove.json<ApiErrorBody>().message).toBe(orderMessages.paidCannotBeDeleted);
      expect(await availableOf(t, product._id)).toBe(7);
    });

    it('an admin deletes an unpaid order and its stock is released; customers 403, anonymous 401', async () => {
      const product = await addProduct(t);
      const order = await placeOrder(t, bob, product._id, 5);
      expect((await deleteOrder(order._id, bob)).statusCode).toBe(403);
      expect((await deleteOrder(order._id)).statusCode).toBe(401);
      expect(await availableOf(t, product._id)).toBe(5);
      const response = await deleteOrder(order._id, boss);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await availableOf(t, product._id)).toBe(10);
      expect((await deleteOrder(order._id, boss)).statusCode).toBe(404);
    });

    it('ships only paid orders: 409 for an unpaid one, then Shipping once paid', async () => {
      const product = await addProduct(t);
      const order = await placeOrder(t, alice, product._id, 1);
      const early = await shipOrder(order._id, boss);
      expect(early.statusCode).toBe(409);
      expect(early.json<ApiErrorBody>().message).toMatch(/only a paid order/i);
      expect((await shipOrder(order._id, alice)).statusCode).toBe(403);
      expect((await shipOrder(order._id)).statusCode).toBe(401);

      await markPaid(order._id);
      const pending = await readOrder(order._id, alice);
      expect(pending.json()).toMatchObject({ status: 'Pending', holdExpiresAt: null });
      const shipped = await shipOrder(order._id, boss);
      expect(shipped.statusCode).toBe(200);
      expect(shipped.json()).toMatchObject({
        acknowledged: true,
        order: { shipping: true, paid: true, status: 'Shipping' },
      });
      const row = await orderRow(t, order._id);
      expect(row?.shippedAt).toBeInstanceOf(Date);
      // Pressing it again changes nothing.
      expect((await shipOrder(order._id, boss)).statusCode).toBe(200);
      const missing = await shipOrder('6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', boss);
      expect(missing.statusCode).toBe(404);
    });
  });
});
