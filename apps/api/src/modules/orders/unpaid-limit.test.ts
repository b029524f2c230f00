import { api, tooManyUnpaidOrders } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject } from '../../test-support/inject.js';
import { payAtGateway } from '../../test-support/orders.js';
import {
  addProduct,
  availableOf,
  orderBody,
  orderTestEnv,
  placeOrder,
  postOrder,
  recordPayment,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

/** OWASP API6: a customer holds at most UNPAID_ORDERS_MAX unpaid orders. */
const LIMIT = 5;
const env = orderTestEnv({ UNPAID_ORDERS_MAX: String(LIMIT) });

const statusesOf = (responses: { statusCode: number }[]) =>
  responses.map((response) => response.statusCode).sort();

describe.each(testDatabases())('the unpaid orders limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pay(who: Shopper, orderId: string) {
    const intentId = await payAtGateway(t, who, orderId);
    const recorded = await recordPayment(t, who, orderId, intentId);
    expect(recorded.statusCode, recorded.body).toBe(200);
  }

  it('takes 5 unpaid orders, refuses the 6th with 409 and its message, and takes one again after a cancel', async () => {
    const who = await shopper(t);
    const product = await addProduct(t, { available: 100 });
    const placed = [];
    for (let i = 0; i < LIMIT; i += 1) placed.push(await placeOrder(t, who, product._id));

    const refused = await postOrder(t, who, orderBody(product._id, 1));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: tooManyUnpaidOrders(LIMIT),
    });
    expect(tooManyUnpaidOrders(LIMIT)).toBe(
      'You have 5 unpaid orders: pay or cancel one before ordering more.',
    );
    // The refused order took no stock.
    expect(await availableOf(t, product._id)).toBe(100 - LIMIT);

    const cancelled = await inject(t, api.orders.cancel, { params: { id: placed[0]!._id } }, who);
    expect(cancelled.statusCode).toBe(200);
    expect((await postOrder(t, who, orderBody(product._id, 1))).statusCode).toBe(201);
    expect((await postOrder(t, who, orderBody(product._id, 1))).statusCode).toBe(409);
  });

  it('does not count paid orders, nor other customers’ orders', async () => {
    const who = await shopper(t);
    const other = await shopper(t);
    const product = await addProduct(t, { available: 100 });
    const first = await placeOrder(t, who, product._id);
    await pay(who, first._id);
    for (let i = 0; i < LIMIT - 1; i += 1) await placeOrder(t, who, product._id);
    // One paid and four unpaid: a fifth unpaid order is still allowed.
    expect((await postOrder(t, who, orderBody(product._id, 1))).statusCode).toBe(201);
    expect((await postOrder(t, who, orderBody(product._id, 1))).statusCode).toBe(409);
    // Someone else is not held back by this customer's orders.
    expect((await postOrder(t, other, orderBody(product._id, 1))).statusCode).toBe(201);
  });

  it('accepts exactly 5 of 10 orders one customer places at once for one product', async () => {
    const who = await shopper(t);
    const product = await addProduct(t, { available: 100 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postOrder(t, who, orderBody(product._id, 1))),
    );
    expect(statusesOf(responses)).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await availableOf(t, product._id)).toBe(100 - LIMIT);
  });

  it('accepts exactly 5 of 10 orders one customer places at once for ten products', async () => {
    const who = await shopper(t);
    // Different products go in different batches, so only the lock on the customer's row
    // keeps them from passing the limit together.
    const products = await Promise.all(
      Array.from({ length: 10 }, () => addProduct(t, { available: 10 })),
    );
    const responses = await Promise.all(
      products.map((product) => postOrder(t, who, orderBody(product._id, 1))),
    );
    expect(statusesOf(responses)).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    const left = await Promise.all(products.map((product) => availableOf(t, product._id)));
    expect(left.filter((available) => available === 9)).toHaveLength(LIMIT);
  });

  // Two instances share one database only on PostgreSQL (PGlite is one process's own).
  if (kind === 'postgres') {
    it('accepts exactly 5 of 10 orders one customer sends to two instances at once', async () => {
      const second = await buildTestApp('postgres', {
        env,
        postgresDatabase: t.postgresDatabase,
      });
      try {
        const who = await shopper(t);
        const products = await Promise.all(
          Array.from({ length: 5 }, () => addProduct(t, { available: 10 })),
        );
        // Each product gets one order through each instance: two processes' batches race for
        // the same customer, and only the database's row lock is shared between them.
        const responses = await Promise.all(
          products.flatMap((product) =>
            [t, second].map((instance) => postOrder(instance, who, orderBody(product._id, 1))),
          ),
        );
        expect(statusesOf(responses)).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
      } finally {
        // The database is t's: t drops it when the file ends.
        await second.close({ keep: true });
      }
    });
  }
});
