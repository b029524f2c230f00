import {
  api,
  purchaseMessages,
  tooManyUnpaidOrders,
  type ApiErrorBody,
  type Purchase,
} from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailJobs, purchases, users } from '../../db/schema.js';
import { rejectStaleApprovals } from './approvals.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { companyTeam } from '../../test-support/companies.js';
import { injectUnchecked, answered } from '../../test-support/inject.js';
import { acceptQuote, offeredQuote } from '../../test-support/quotes.js';
import {
  addProduct,
  adminShopper,
  availableOf,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

/**
 * The holds of DESIGN section 9, on every way to buy: purchases waiting for approval count toward
 * UNPAID_ORDERS_MAX, an unverified account holds one purchase for UNVERIFIED_HOLD_MINUTES, a
 * purchase waiting APPROVAL_DAYS is rejected by itself.
 */

const LIMIT = 5;
const contact = { number: '+1 415 555 0134', address: '500 Howard Street, San Francisco' };
const { companies } = api;

describe.each(testDatabases())('holds on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: orderTestEnv({
        UNPAID_ORDERS_MAX: String(LIMIT),
        UNVERIFIED_HOLD_MINUTES: '30',
        APPROVAL_DAYS: '14',
      }),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const buyNow = (who: Shopper, productId: string, quantity = 1) =>
    injectUnchecked(t, api.orders.place, { body: { productId, quantity, ...contact } }, who);
  const checkout = (who: Shopper, lines: { productId: string; quantity: number }[]) =>
    injectUnchecked(t, api.purchases.checkout, { body: { lines, ...contact } }, who);

  // Invited and accepted: nobody joins a company without saying yes (decision 022).
  const team = (spendingLimit: number) => companyTeam(t, { spendingLimit });

  it('purchases waiting for approval count toward UNPAID_ORDERS_MAX on Buy Now and checkout', async () => {
    const { buyer } = await team(0);
    const product = await addProduct(t, { price: 10, available: 1000 });
    for (let i = 0; i < LIMIT; i += 1) {
      const waiting = await answered<{ purchaseStatus: string }>(buyNow(buyer, product._id), 201);
      expect(waiting.purchaseStatus).toBe('awaiting_approval');
    }
    for (const refused of [
      await buyNow(buyer, product._id),
      await checkout(buyer, [{ productId: product._id, quantity: 1 }]),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ApiErrorBody>().message).toBe(tooManyUnpaidOrders(LIMIT));
    }
  });

  it('approval re-checks the unpaid limit (a buyer held 12 unpaid purchases with a limit of 5)', async () => {
    const { owner, buyer, company } = await team(1000);
    const product = await addProduct(t, { price: 10, available: 1000 });
    for (let i = 0; i < LIMIT; i += 1) await answered(buyNow(buyer, product._id), 201);
    // A purchase that waited from before the rule counted approvals as holds.
    const [old] = await t.db
      .insert(purchases)
      .values({
        userId: (
          await t.db.select({ id: users.id }).from(users).where(eq(users.email, buyer.email))
        )[0]!.id,
        name: 'BEA BUYER',
        email: buyer.email,
        phone: contact.number,
        address: contact.address,
        companyId: company._id,
        awaitingLines: [
          {
            productId: product._id,
            productName: product.name,
            img: product.img,
            description: product.description,
            quantity: 200,
            unitPrice: 10,
          },
        ],
      })
      .returning();
    const refused = await injectUnchecked(t, companies.approve, { params: { id: old!.id } }, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>().message).toBe(tooManyUnpaidOrders(LIMIT));
    expect(await availableOf(t, product._id)).toBe(1000 - LIMIT);
  });

  it('an unverified account holds one purchase, for UNVERIFIED_HOLD_MINUTES, on every way to buy', async () => {
    const stranger = await shopper(t, {}, { verified: false });
    const products = await Promise.all(
      Array.from({ length: 3 }, () => addProduct(t, { price: 5, available: 100 })),
    );
    // Many lines in one purchase are still one purchase, held for half an hour.
    const first = await answered<Purchase>(
      checkout(
        stranger,
        products.map((p) => ({ productId: p._id, quantity: 100 })),
      ),
      201,
    );
    for (const line of first.orders) {
      expect(Date.parse(line.holdExpiresAt!) - Date.parse(line.createdAt)).toBe(30 * 60 * 1000);
    }
    const other = await addProduct(t, { price: 5, available: 100 });
    const quoteId = await offeredQuote(t, stranger, await adminShopper(t), [
      { productId: other._id, quantity: 1, unitPrice: 4 },
    ]);
    for (const refused of [
      await buyNow(stranger, other._id),
      await checkout(stranger, [{ productId: other._id, quantity: 1 }]),
      await acceptQuote(t, stranger, quoteId, contact),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ApiErrorBody>().message).toBe(purchaseMessages.unverifiedHold);
    }
    expect(await availableOf(t, other._id)).toBe(100);
  });

  it('a purchase waiting APPROVAL_DAYS is rejected by itself, once, and its buyer told', async () => {
    const { buyer } = await team(0);
    const product = await addProduct(t, { price: 10, available: 1000 });
    const waiting = await answered<{ purchaseId: string }>(buyNow(buyer, product._id), 201);
    const fresh = await answered<{ purchaseId: string }>(buyNow(buyer, product._id), 201);
    await t.db
      .update(purchases)
      .set({ createdAt: sql`now() - interval '15 days'` })
      .where(eq(purchases.id, waiting.purchaseId));

    const [first, second] = await Promise.all([
      rejectStaleApprovals(t.app.orders),
      rejectStaleApprovals(t.app.orders),
    ]);
    expect(first! + second!).toBe(1);
    const read = (id: string) =>
      answered<Purchase>(injectUnchecked(t, api.purchases.get, { params: { id } }, buyer));
    expect(await read(waiting.purchaseId)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Nobody approved it within 14 days.',
    });
    expect((await read(fresh.purchaseId)).status).toBe('awaiting_approval');
    const mails = await t.db
      .select()
      .from(emailJobs)
      .where(eq(emailJobs.kind, 'purchase-rejected'));
    expect(mails.filter((m) => m.to === buyer.email)).toHaveLength(1);
  });
});
