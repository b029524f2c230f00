import {
  api,
  companyMessages,
  MAX_ORDER_TOTAL,
  purchaseMessages,
  purchaseSchema,
  type ApiErrorBody,
  type Company,
  type MemberInput,
  type Purchase,
} from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember } from '../../test-support/companies.js';
import { injectUnchecked, answered } from '../../test-support/inject.js';
import { offeredQuote, purchaseFromQuote } from '../../test-support/quotes.js';
import {
  addProduct,
  adminShopper,
  availableOf,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

/**
 * One way to buy (issue 27, docs/decisions/024): Buy Now, checkout, reorder, approval and a quote's
 * acceptance give the same price, limit, approval and company outcome for the same cart. Each finding of the issue
 * has its regression test here or in holds.test.ts.
 */

const contact = { number: '+49 30 1234567', address: 'Friedrichstrasse 12, 10117 Berlin' };
const { companies } = api;

type Line = { productId: string; quantity: number };
type Path = 'Buy Now' | 'checkout' | 'reorder' | 'approval' | 'quote';
const PATHS: Path[] = ['Buy Now', 'checkout', 'reorder', 'approval', 'quote'];

describe.each(testDatabases())('every way to buy on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const readPurchase = (who: Shopper, id: string) =>
    answered<Purchase>(injectUnchecked(t, api.purchases.get, { params: { id } }, who));

  /**
   * A company with an owner, a buyer under `limit` dollars a month and an approver, and a
   * contract price of `contract` on a product listed at $139.
   */
  async function team(limit: number | null, contract = 129) {
    const [owner, buyer, approver] = await Promise.all([
      shopper(t, { name: 'Olive Owner' }),
      shopper(t, { name: 'Bea Buyer' }),
      shopper(t, { name: 'Abe Approver' }),
    ]);
    const company = await answered<Company>(
      injectUnchecked(
        t,
        companies.create,
        { body: { name: 'Northwind Systems GmbH', taxId: 'DE123456788' } },
        owner,
      ),
      201,
    );
    // Invited and accepted: nobody joins a company without saying yes (decision 022).
    const join = (who: Shopper, body: MemberInput) => addMember(t, owner, company._id, who, body);
    await join(buyer, { role: 'buyer', spendingLimit: limit });
    await join(approver, { role: 'approver' });
    const product = await addProduct(t, { name: 'Ryzen 7 CPU', price: 139, available: 1000 });
    await answered(
      injectUnchecked(
        t,
        companies.putPrice,
        { params: { id: company._id, productId: product._id }, body: { price: contract } },
        admin,
      ),
    );
    return { owner, buyer, approver, company, product };
  }

  /** Buys `lines` by `path` and answers the purchase as its buyer then reads it. */
  async function buy(
    path: Path,
    who: Shopper,
    lines: Line[],
    approver?: Shopper,
    extra: object = {},
  ) {
    if (path === 'Buy Now') {
      const [line] = lines;
      const placed = await answered<{ purchaseId: string; purchaseStatus: string }>(
        injectUnchecked(t, api.orders.place, { body: { ...line, ...contact, ...extra } }, who),
        201,
      );
      const purchase = await readPurchase(who, placed.purchaseId);
      expect(placed.purchaseStatus).toBe(purchase.status);
      return purchase;
    }
    const checkout = (cart: Line[]) =>
      answered<Purchase>(
        injectUnchecked(
          t,
          api.purchases.checkout,
          { body: { lines: cart, ...contact, ...extra } },
          who,
        ),
        201,
      );
    if (path === 'checkout') return checkout(lines);
    if (path === 'quote') {
      // Asked for, offered at the list price and accepted: the lowest price that applies wins
      // (contract, tier), as on every road, and the same limit, approval and account rules.
      const offered = lines.map((line) => ({ ...line, unitPrice: 139 }));
      const id = await offeredQuote(t, who, admin, offered);
      return purchaseFromQuote(t, who, id, { ...contact, ...extra });
    }
    if (path === 'reorder') {
      // Last month's purchase, bought again from its page: its lines go through the cart.
      const earlier = await checkout(lines);
      await t.db
        .update(purchases)
        .set({ createdAt: sql`now() - interval '40 days'` })
        .where(eq(purchases.id, earlier._id));
      const lines2 = (await readPurchase(who, earlier._id)).orders.map((order) => ({
        productId: order.productId!,
        quantity: order.quantity,
      }));
      const waited = earlier.awaitingLines.map(({ productId, quantity }) => ({
        productId,
        quantity,
      }));
      return checkout(lines2.length > 0 ? lines2 : waited);
    }
    const waiting = await checkout(lines);
    if (waiting.status !== 'awaiting_approval' || !approver) return waiting;
    return purchaseSchema.parse(
      await answered(
        injectUnchecked(t, companies.approve, { params: { id: waiting._id } }, approver),
      ),
    );
  }

  describe.each(PATHS)('%s', (path) => {
    it('a member pays the contract price, for the company, when the limit has room', async () => {
      const { buyer, company, product, owner } = await team(10_000);
      const purchase = await buy(path, buyer, [{ productId: product._id, quantity: 10 }]);
      expect(purchase.status).toBe('unpaid');
      expect(purchase.orders.map((o) => [o.unitPrice, o.price])).toEqual([[129, 1290]]);
      expect(purchase).toMatchObject({
        companyId: company._id,
        company: 'Northwind Systems GmbH',
        taxId: 'DE123456788',
        total: 1290,
      });
      const listed = await answered<Purchase[] | { items: Purchase[] }>(
        injectUnchecked(t, companies.purchases, { params: { id: company._id } }, owner),
      );
      const items = Array.isArray(listed) ? listed : listed.items;
      expect(items.map((p) => p._id)).toContain(purchase._id);
    });

    it('a member above the limit waits for approval, priced at the contract price', async () => {
      const { buyer, approver, company, product } = await team(1000);
      const before = await availableOf(t, product._id);
      const purchase = await buy(path, buyer, [{ productId: product._id, quantity: 50 }], approver);
      if (path === 'approval') {
        // Approved: placed at the contract price, the stock taken now.
        expect(purchase.status).toBe('unpaid');
        expect(purchase.orders.map((o) => o.unitPrice)).toEqual([129]);
        expect(await availableOf(t, product._id)).toBe(before - 50);
      } else {
        expect(purchase.status).toBe('awaiting_approval');
        expect(purchase.orders).toEqual([]);
        expect(purchase.awaitingLines.map((l) => [l.unitPrice, l.price])).toEqual([[129, 6450]]);
        expect(await availableOf(t, product._id)).toBe(before);
      }
      expect(purchase).toMatchObject({ companyId: company._id, total: 6450 });
    });

    it('a customer of no company pays the list or tier price and buys for nobody', async () => {
      const loner = await shopper(t);
      const product = await addProduct(t, {
        price: 139,
        available: 1000,
        priceTiers: [{ minQuantity: 100, price: 119 }],
      });
      const few = await buy(path, loner, [{ productId: product._id, quantity: 10 }]);
      expect(few.orders.map((o) => o.unitPrice)).toEqual([139]);
      expect(few).toMatchObject({ companyId: null, status: 'unpaid' });
      const many = await buy(path, loner, [{ productId: product._id, quantity: 100 }]);
      expect(many.orders.map((o) => o.unitPrice)).toEqual([119]);
    });

    it('on account: confirmed at the contract price, invoiced Net 30, charged to the company', async () => {
      // Approval's purchase waits first (a $1,000 limit); the others are within no limit.
      const { buyer, approver, company, product } = await team(path === 'approval' ? 1000 : null);
      await answered(
        injectUnchecked(
          t,
          companies.putTerms,
          {
            params: { id: company._id },
            body: { paymentTerms: 'net30', creditLimit: 5000, onHold: false },
          },
          admin,
        ),
      );
      const before = await availableOf(t, product._id);
      const purchase = await buy(
        path,
        buyer,
        [{ productId: product._id, quantity: 10 }],
        approver,
        {
          paymentMethod: 'account',
        },
      );
      expect(purchase).toMatchObject({
        status: 'on_account',
        paymentTerms: 'net30',
        total: 1290,
        amountDue: 1290,
        companyId: company._id,
      });
      expect(purchase.orders.map((o) => [o.unitPrice, o.paid, o.holdExpiresAt])).toEqual([
        [129, true, null],
      ]);
      // Reorder bought twice (last month's purchase, then again): both charged.
      const times = path === 'reorder' ? 2 : 1;
      expect(await availableOf(t, product._id)).toBe(before - 10 * times);
      const account = await answered<{ balance: number; available: number }>(
        injectUnchecked(t, companies.account, { params: { id: company._id } }, admin),
      );
      expect(account).toMatchObject({ balance: 1290 * times, available: 5000 - 1290 * times });
    });

    it('a purchase of no price is confirmed and invoiced without a card', async () => {
      const { buyer, product } = await team(null, 0);
      const purchase = await buy(path, buyer, [{ productId: product._id, quantity: 5 }]);
      expect(purchase.status).toBe('paid');
      expect(purchase.total).toBe(0);
      expect(purchase.invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);
      expect(purchase.orders.every((o) => o.paid && o.holdExpiresAt === null)).toBe(true);
    });
  });

  it('Buy Now over the limit (the finding): waits, at the contract price, for the company', async () => {
    // A buyer already past the month's limit of $15,000 buys 50 pieces with Buy Now.
    const { buyer, approver, company, product } = await team(15_000);
    const first = await buy('checkout', buyer, [{ productId: product._id, quantity: 100 }]);
    expect(first.status).toBe('unpaid');
    // What the Buy Now page reads to say it will wait: the same month's spend the server judges.
    expect(await answered(injectUnchecked(t, companies.spending, {}, buyer))).toEqual({
      companyId: company._id,
      companyName: 'Northwind Systems GmbH',
      role: 'buyer',
      spendingLimit: 15_000,
      spentThisMonth: 12_900,
      paymentTerms: 'card',
      onHold: false,
      holdReason: null,
    });
    expect(await answered(injectUnchecked(t, companies.spending, {}, await shopper(t)))).toEqual({
      companyId: null,
      companyName: null,
      role: null,
      spendingLimit: null,
      spentThisMonth: 0,
      paymentTerms: null,
      onHold: false,
      holdReason: null,
    });
    const placed = await answered<{ purchaseId: string; purchaseStatus: string; order?: unknown }>(
      injectUnchecked(
        t,
        api.orders.place,
        { body: { productId: product._id, quantity: 50, ...contact } },
        buyer,
      ),
      201,
    );
    expect(placed.purchaseStatus).toBe('awaiting_approval');
    expect(placed.order).toBeUndefined();
    const waiting = await readPurchase(buyer, placed.purchaseId);
    expect(waiting).toMatchObject({ companyId: company._id, total: 50 * 129 });
    const queue = await answered<Purchase[] | { items: Purchase[] }>(
      injectUnchecked(t, companies.approvals, {}, approver),
    );
    const items = Array.isArray(queue) ? queue : queue.items;
    expect(items.map((p) => p._id)).toContain(placed.purchaseId);
  });

  it('20 concurrent Buy Nows at the edge of a limit: exactly the limit placed, the rest wait', async () => {
    const { buyer, product } = await team(10 * 129);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        answered<{ purchaseStatus: string }>(
          injectUnchecked(
            t,
            api.orders.place,
            { body: { productId: product._id, quantity: 1, ...contact } },
            buyer,
          ),
          201,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.purchaseStatus).sort();
    expect(statuses.filter((s) => s === 'unpaid')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'awaiting_approval')).toHaveLength(10);
    expect(await availableOf(t, product._id)).toBe(990);
  });

  it('a buyer has at most 20 purchases waiting for approval', async () => {
    const { buyer, product } = await team(0);
    for (let i = 0; i < 20; i += 1) {
      const placed = await buy('Buy Now', buyer, [{ productId: product._id, quantity: 1 }]);
      expect(placed.status).toBe('awaiting_approval');
    }
    const refused = await injectUnchecked(
      t,
      api.orders.place,
      { body: { productId: product._id, quantity: 1, ...contact } },
      buyer,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>().message).toBe(purchaseMessages.tooManyAwaiting(20));
  });

  it('approval re-checks: a former member is not approved (cancelled), an approver who lost the role is refused, prices are today’s', async () => {
    const { owner, buyer, approver, company, product } = await team(100);
    const waiting = await buy('checkout', buyer, [{ productId: product._id, quantity: 10 }]);
    expect(waiting.status).toBe('awaiting_approval');

    // The contract price falls while it waits: the approval places it at today's price.
    await answered(
      injectUnchecked(
        t,
        companies.putPrice,
        { params: { id: company._id, productId: product._id }, body: { price: 119 } },
        admin,
      ),
    );
    // The approver is made a buyer: no longer allowed to approve.
    await answered(
      injectUnchecked(
        t,
        companies.putMember,
        { params: { id: company._id, email: approver.email }, body: { role: 'buyer' } },
        owner,
      ),
    );
    const demoted = await injectUnchecked(
      t,
      companies.approve,
      { params: { id: waiting._id } },
      approver,
    );
    expect(demoted.statusCode).toBe(403);
    const approved = purchaseSchema.parse(
      await answered(injectUnchecked(t, companies.approve, { params: { id: waiting._id } }, owner)),
    );
    expect(approved.orders.map((o) => o.unitPrice)).toEqual([119]);

    // A purchase of a buyer who has left the company is never approved at its prices.
    const second = await buy('checkout', buyer, [{ productId: product._id, quantity: 10 }]);
    expect(second.status).toBe('awaiting_approval');
    await t.db.execute(
      sql`delete from company_members where email = ${buyer.email} and company_id = ${company._id}`,
    );
    const left = await injectUnchecked(t, companies.approve, { params: { id: second._id } }, owner);
    expect(left.statusCode).toBe(409);
    expect(left.json<ApiErrorBody>().message).toBe(companyMessages.buyerLeft);
    expect((await readPurchase(buyer, second._id)).status).toBe('cancelled');
  });

  it('leaving the company cancels what waits for its approval', async () => {
    const { buyer, owner, company, product } = await team(100);
    const waiting = await buy('Buy Now', buyer, [{ productId: product._id, quantity: 5 }]);
    expect(waiting.status).toBe('awaiting_approval');
    await answered(
      injectUnchecked(
        t,
        companies.removeMember,
        { params: { id: company._id, email: buyer.email } },
        buyer,
      ),
    );
    expect((await readPurchase(buyer, waiting._id)).status).toBe('cancelled');
    const approve = await injectUnchecked(
      t,
      companies.approve,
      { params: { id: waiting._id } },
      owner,
    );
    expect(approve.statusCode).toBe(409);
  });

  it('approval refuses a purchase that, priced again, passes the card payment limit', async () => {
    const { buyer, owner } = await team(0);
    // Two lines of $450,000: each stays within one card payment when priced again, the sum not.
    const parts = await Promise.all(
      [1, 2].map(() => addProduct(t, { price: 9_000, available: 1000 })),
    );
    const waiting = await buy(
      'checkout',
      buyer,
      parts.map((part) => ({ productId: part._id, quantity: 50 })),
    );
    expect(waiting).toMatchObject({ status: 'awaiting_approval', total: 900_000 });
    for (const part of parts) {
      await answered(
        injectUnchecked(
          t,
          api.catalog.update,
          { params: { id: part._id }, body: { price: 12_000 } },
          admin,
        ),
      );
    }
    const refused = await injectUnchecked(
      t,
      companies.approve,
      { params: { id: waiting._id } },
      owner,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>().message).toBe(
      purchaseMessages.totalTooHigh(120_000_000, MAX_ORDER_TOTAL),
    );
    for (const part of parts) expect(await availableOf(t, part._id)).toBe(1000);
  });

  it('a purchase left with lines of no price once the others are cancelled is paid and invoiced', async () => {
    const { buyer, product: free } = await team(null, 0);
    const priced = await addProduct(t, { price: 50, available: 100 });
    const purchase = await buy('checkout', buyer, [
      { productId: free._id, quantity: 5 },
      { productId: priced._id, quantity: 2 },
    ]);
    expect(purchase).toMatchObject({ status: 'unpaid', unpaidTotal: 100 });
    const pricedLine = purchase.orders.find((order) => order.productId === priced._id)!;
    await answered(
      injectUnchecked(t, api.orders.cancel, { params: { id: pricedLine._id } }, buyer),
    );
    const after = await readPurchase(buyer, purchase._id);
    expect(after).toMatchObject({ status: 'paid', total: 0 });
    expect(after.invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);
  });

  it('buying while the owner changes limits, and approving while the buyer leaves, never deadlock', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { owner, buyer, approver, company, product } = await team(1000);
      const waiting = await buy('checkout', buyer, [{ productId: product._id, quantity: 10 }]);
      expect(waiting.status).toBe('awaiting_approval');
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () =>
          injectUnchecked(
            t,
            api.orders.place,
            { body: { productId: product._id, quantity: 1, ...contact } },
            buyer,
          ),
        ),
        ...[500, 2000].map((limit) =>
          injectUnchecked(
            t,
            companies.putMember,
            {
              params: { id: company._id, email: buyer.email },
              body: { role: 'buyer', spendingLimit: limit },
            },
            owner,
          ),
        ),
        injectUnchecked(t, companies.approve, { params: { id: waiting._id } }, approver),
        injectUnchecked(
          t,
          companies.removeMember,
          { params: { id: company._id, email: buyer.email } },
          buyer,
        ),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      // Approved before the buyer left, or cancelled by the leaving: never both, never neither.
      const status = (await readPurchase(buyer, waiting._id)).status;
      expect(['unpaid', 'cancelled']).toContain(status);
    }
  });
});
