import { api, MAX_ORDER_TOTAL, messages, orderSchema, placeOrderResultSchema } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject } from '../../test-support/inject.js';
import {
  addProduct,
  availableOf,
  orderBody,
  orderTestEnv,
  postOrder,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

/** Placing an order: what it stores and reserves, what it refuses, and that it never oversells. */
describe.each(testDatabases())('orders on %s', (kind) => {
  let t: TestApp;
  let alice: Shopper;
  let bob: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    [alice, bob] = await Promise.all([
      shopper(t, { name: 'ALICE BUYER' }),
      shopper(t, { name: 'BOB BUYER' }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/order', () => {
    it('places an order: total from the product, name and email from the token, stock reserved', async () => {
      const product = await addProduct(t, { price: 30, minimum: 5, available: 100 });
      const response = await postOrder(
        t,
        alice,
        orderBody(product._id, 7, {
          // SPEC's client sends these too; the server ignores every one of them.
          price: 1,
          name: 'Mallory',
          email: 'mallory@example.com',
          productName: 'Free GPU',
          img: 'https://evil.example.com/x.png',
          description: 'tampered',
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const body = placeOrderResultSchema.strict().parse(response.json());
      expect(body.acknowledged).toBe(true);
      expect(body.insertedId).toBe(body.order?._id);
      expect(body.purchaseStatus).toBe('unpaid');
      expect(body.purchaseId).toBe(body.order?.purchaseId);
      expect(orderSchema.strict().parse(body.order)).toMatchObject({
        productId: product._id,
        productName: product.name,
        img: product.img,
        description: product.description,
        quantity: 7,
        price: 7 * 30,
        name: 'ALICE BUYER',
        email: alice.email,
        number: '+(555) 123-4567',
        address: '12 Harbour Road, Springfield',
        paid: false,
        shipping: false,
        transactionId: null,
        status: 'Unpaid',
      });
      const created = Date.parse(body.order!.createdAt);
      expect(Date.parse(body.order!.holdExpiresAt ?? '') - created).toBe(48 * 60 * 60 * 1000);
      expect(await availableOf(t, product._id)).toBe(93);
    });

    it('refuses a quantity below the minimum with 400 and the SPEC message', async () => {
      const product = await addProduct(t, { minimum: 10, available: 100 });
      const response = await postOrder(t, alice, orderBody(product._id, 9));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.minimumQuantity(10));
      expect(await availableOf(t, product._id)).toBe(100);
    });

    it('refuses more than the stock with 409 "Unavailable Quantity." and reserves nothing', async () => {
      const product = await addProduct(t, { available: 5 });
      const response = await postOrder(t, alice, orderBody(product._id, 6));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(messages.unavailableQuantity);
      expect(await availableOf(t, product._id)).toBe(5);
    });

    it('refuses the minimum with "Unavailable Quantity." when the stock is below it, as the page does', async () => {
      // The purchase form starts at the minimum and says the same (web features/orders/quantity).
      const product = await addProduct(t, { minimum: 10, available: 5 });
      const response = await postOrder(t, alice, orderBody(product._id, 10));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(messages.unavailableQuantity);
      const within = await postOrder(t, alice, orderBody(product._id, 5));
      expect(within.statusCode).toBe(400);
      expect(within.json().message).toBe(messages.minimumQuantity(10));
      expect(await availableOf(t, product._id)).toBe(5);
    });

    it('refuses a total above the card payment maximum with a clear message', async () => {
      const product = await addProduct(t, { price: 1000, available: 5000 });
      // MAX_ORDER_TOTAL is cents; the price dollars.
      const quantity = Math.floor(MAX_ORDER_TOTAL / 100_000) + 1;
      const response = await postOrder(t, alice, orderBody(product._id, quantity));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/above the card payment limit of \$999,999\.99\./);
      expect(await availableOf(t, product._id)).toBe(5000);
      // Exactly at the limit is fine.
      const atLimit = await postOrder(t, alice, orderBody(product._id, 999));
      expect(atLimit.statusCode, atLimit.body).toBe(201);
    });

    it.each([
      ['no token', undefined, 401],
      ['a bad token', { authorization: 'Bearer nope' }, 401],
    ])('refuses %s with %s', async (_label, headers, status) => {
      const product = await addProduct(t);
      const response = await inject(
        t,
        api.orders.place,
        { body: orderBody(product._id, 1) },
        { headers: headers ?? {} },
      );
      expect(response.statusCode).toBe(status);
      expect(await availableOf(t, product._id)).toBe(10);
    });

    it('answers 404 for an unknown product and 400 for bad fields', async () => {
      const unknown = await postOrder(
        t,
        alice,
        orderBody('6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', 1),
      );
      expect(unknown.statusCode).toBe(404);
      const product = await addProduct(t);
      for (const bad of [
        { quantity: 0 },
        { quantity: 1.5 },
        { quantity: '3' },
        { number: 'call me' },
        { address: '' },
      ]) {
        const response = await postOrder(t, alice, { ...orderBody(product._id, 1), ...bad });
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect(await availableOf(t, product._id)).toBe(10);
    });

    it('never oversells: 50 concurrent orders of 1 against a stock of 10 accept exactly 10', async () => {
      const product = await addProduct(t, { available: 10, minimum: 1 });
      const buyers = await Promise.all([shopper(t), shopper(t), shopper(t), shopper(t)]);
      const everyone = [alice, bob, ...buyers];
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          postOrder(t, everyone[i % everyone.length]!, orderBody(product._id, 1)),
        ),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(10);
      expect(codes.filter((c) => c === 409)).toHaveLength(40);
      for (const refused of responses.filter((r) => r.statusCode === 409)) {
        expect(refused.json().message).toBe(messages.unavailableQuantity);
      }
      expect(await availableOf(t, product._id)).toBe(0);
      const stored = await t.db.select().from(orders).where(eq(orders.productId, product._id));
      expect(stored.reduce((sum, o) => sum + o.quantity, 0)).toBe(10);
    });

    it('never oversells with mixed quantities: what is accepted adds up to at most the stock', async () => {
      const product = await addProduct(t, { available: 25, minimum: 1 });
      const quantities = Array.from({ length: 50 }, (_, i) => (i % 4) + 1);
      const responses = await Promise.all(
        quantities.map((q, i) => postOrder(t, i % 2 ? alice : bob, orderBody(product._id, q))),
      );
      const accepted = quantities.filter((_, i) => responses[i]!.statusCode === 201);
      const refused = quantities.filter((_, i) => responses[i]!.statusCode === 409);
      expect(accepted.length + refused.length).toBe(50);
      const sold = accepted.reduce((a, b) => a + b, 0);
      const left = await availableOf(t, product._id);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(sold + left).toBe(25);
      // Every refusal was real: that quantity no longer fitted in what was left at the end.
      expect(Math.min(...refused)).toBeGreaterThan(left);
      const stored = await t.db.select().from(orders).where(eq(orders.productId, product._id));
      expect(stored.reduce((sum, o) => sum + o.quantity, 0)).toBe(sold);
    });
  });
});
