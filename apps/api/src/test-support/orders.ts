import type { ProductInput } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders, purchases, sandboxPaymentIntents } from '../db/schema.js';
import type { TestApp } from './build-test-app.js';
import {
  addProduct,
  clientSecretFor,
  confirmSandbox,
  intentIdOf,
  placeOrder,
  type Shopper,
} from './shop.js';

/** Orders and payments as the payment tests set them up, and their rows as stored. */

/**
 * A new product and an unpaid order of `who`'s for `quantity` pieces of it; by default at $25
 * with stock to spare.
 */
export async function newOrder(
  t: TestApp,
  who: Shopper,
  quantity = 2,
  product: Partial<ProductInput> = {},
) {
  const added = await addProduct(t, { price: 25, available: 100, ...product });
  return { product: added, order: await placeOrder(t, who, added._id, quantity) };
}

/** Pays an order at the sandbox gateway, as the payment page does, and answers the intent id. */
export async function payAtGateway(t: TestApp, who: Shopper, orderId: string) {
  const secret = await clientSecretFor(t, who, orderId);
  const confirmed = await confirmSandbox(t, secret);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return intentIdOf(secret);
}

/** A new order with a succeeded intent that the shop has not recorded yet. */
export async function paidAtGateway(t: TestApp, who: Shopper, quantity = 2) {
  const { product, order } = await newOrder(t, who, quantity);
  return { product, order, intentId: await payAtGateway(t, who, order._id) };
}

/** The stored row of an order, or undefined once it is gone. */
export async function orderRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The sandbox gateway's stored row of a payment intent. */
export async function intentRow(t: TestApp, id: string) {
  const [row] = await t.db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, id));
  return row;
}

/**
 * A purchase row written straight to the database, for tests that store an order row by hand
 * (an order of a product since deleted, of a customer since removed): every order is a line of one.
 */
export async function purchaseRow(t: TestApp, buyer: { email: string; userId?: string }) {
  const [row] = await t.db
    .insert(purchases)
    .values({
      userId: buyer.userId ?? null,
      name: 'PAT BUYER',
      email: buyer.email,
      phone: '555-123-4567',
      address: '1 Test Street',
    })
    .returning({ purchaseId: purchases.id, purchaseNumber: purchases.number });
  if (!row) throw new Error('The database returned no purchase row.');
  return row;
}
