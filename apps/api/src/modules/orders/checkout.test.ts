import {
  api,
  CHECKOUT_LINES_MAX,
  purchaseMessages,
  purchaseSchema,
  quantityMessages,
  type ApiErrorBody,
  type CheckoutRefused,
} from '@shop/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailJobs, orders, purchases } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject, injectUnchecked } from '../../test-support/inject.js';
import {
  addProduct,
  adminShopper,
  availableOf,
  orderTestEnv,
  placeOrder,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

const contact = { number: '+44 20 7946 0958', address: 'Unit 4/B #2, Harbour Road, Leeds' };

/** POST /checkout: a cart of many lines as one purchase, all lines or none (DESIGN section 8). */
describe.each(testDatabases())('checkout on %s', (kind) => {
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

  const checkout = (who: Shopper | undefined, body: object) =>
    injectUnchecked(t, api.purchases.checkout, { body }, who);
  const lineCount = async () => (await t.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

  it('places every line as one purchase: a number, the PO, each line priced by the server', async () => {
    const ssd = await addProduct(t, { name: 'SSD 1TB', price: 40, minimum: 10, available: 500 });
    const ram = await addProduct(t, { name: 'DDR5 32GB', price: 95, minimum: 5, available: 80 });
    const response = await checkout(alice, {
      lines: [
        { productId: ssd._id, quantity: 250, price: 1 },
        { productId: ram._id, quantity: 20 },
      ],
      ...contact,
      poNumber: ' PO-2026-0042 ',
      company: 'Acme Components Ltd',
      taxId: 'GB123456789',
    });
    expect(response.statusCode, response.body).toBe(201);
    const purchase = purchaseSchema.strict().parse(response.json());
    expect(purchase.number).toMatch(/^PW-\d{6,}$/);
    expect(purchase).toMatchObject({
      poNumber: 'PO-2026-0042',
      company: 'Acme Components Ltd',
      taxId: 'GB123456789',
      name: 'ALICE BUYER',
      email: alice.email,
      phone: contact.number,
      address: contact.address,
      total: 250 * 40 + 20 * 95,
      unpaidTotal: 250 * 40 + 20 * 95,
      status: 'unpaid',
      invoiceNumber: null,
    });
    expect(purchase.orders.map((o) => [o.productName, o.quantity, o.unitPrice, o.price])).toEqual([
      ['SSD 1TB', 250, 40, 10_000],
      ['DDR5 32GB', 20, 95, 1900],
    ]);
    for (const order of purchase.orders) {
      expect(order).toMatchObject({
        purchaseId: purchase._id,
        purchaseNumber: purchase.number,
        status: 'Unpaid',
        email: alice.email,
      });
    }
    expect(await availableOf(t, ssd._id)).toBe(250);
    expect(await availableOf(t, ram._id)).toBe(60);

    // The lines are SPEC orders: My Orders lists them, each with its purchase.
    const mine = await inject(t, api.orders.listOwn, {}, alice);
    expect(mine.json().filter((o) => o.purchaseId === purchase._id)).toHaveLength(2);
    // And the order-placed email is queued with the purchase, in its transaction.
    const jobs = await t.db.select().from(emailJobs).where(eq(emailJobs.to, alice.email));
    expect(
      jobs.some((j) => j.kind === 'order-placed' && j.payload.purchaseId === purchase._id),
    ).toBe(true);
  });

  it('orders nothing when one line fails: 409 names every refused line, stock unchanged', async () => {
    const ok = await addProduct(t, { price: 10, minimum: 1, available: 100 });
    const short = await addProduct(t, { price: 10, minimum: 1, available: 3 });
    const small = await addProduct(t, { price: 10, minimum: 50, available: 500 });
    const gone = '00000000-0000-4000-8000-000000000000';
    const before = await lineCount();
    const response = await checkout(alice, {
      lines: [
        { productId: ok._id, quantity: 10 },
        { productId: short._id, quantity: 4 },
        { productId: small._id, quantity: 10 },
        { productId: gone, quantity: 1 },
      ],
      ...contact,
    });
    expect(response.statusCode).toBe(409);
    const body = response.json<CheckoutRefused>();
    expect(body.message).toBe(purchaseMessages.linesRefused);
    expect(body.lines).toEqual([
      { productId: short._id, message: quantityMessages.unavailable },
      { productId: small._id, message: quantityMessages.belowMinimum(50) },
      { productId: gone, message: 'No product with this id.' },
    ]);
    expect(await lineCount()).toBe(before);
    expect(await availableOf(t, ok._id)).toBe(100);
    expect(await availableOf(t, short._id)).toBe(3);
  });

  it('refuses bad carts with 400 and a message: empty, duplicate products, too many lines, long PO', async () => {
    const product = await addProduct(t, { available: 100 });
    const line = { productId: product._id, quantity: 1 };
    const cases: [object, RegExp][] = [
      [{ lines: [], ...contact }, /cart is empty/],
      [{ lines: [line, line], ...contact }, /Each product once/],
      [
        { lines: Array.from({ length: CHECKOUT_LINES_MAX + 1 }, () => line), ...contact },
        /At most 2,000 lines/,
      ],
      [{ lines: [line], ...contact, poNumber: 'P'.repeat(36) }, /PO number of at most 35/],
      [{ lines: [line], ...contact, company: 'Acme\u0000' }, /./],
      [{ lines: [line], number: '12', address: contact.address }, /number/],
      [{ lines: [{ productId: product._id, quantity: 1.5 }], ...contact }, /quantity/],
    ];
    for (const [body, message] of cases) {
      const response = await checkout(alice, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<ApiErrorBody>().message).toMatch(message);
    }
    expect(await availableOf(t, product._id)).toBe(100);
  });

  it('refuses a purchase above the card payment limit as a whole (400), ordering nothing', async () => {
    const a = await addProduct(t, { price: 600_000, minimum: 1, available: 5 });
    const b = await addProduct(t, { price: 500_000, minimum: 1, available: 5 });
    const response = await checkout(alice, {
      lines: [
        { productId: a._id, quantity: 1 },
        { productId: b._id, quantity: 1 },
      ],
      ...contact,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toMatch(/\$1,100,000 is above the card/);
    expect(await availableOf(t, a._id)).toBe(5);
  });

  it('needs a signed-in customer (401); the token, not the body, says who buys', async () => {
    const product = await addProduct(t, { available: 10 });
    const body = { lines: [{ productId: product._id, quantity: 1 }], ...contact };
    expect((await checkout(undefined, body)).statusCode).toBe(401);
    const response = await checkout(bob, { ...body, email: alice.email, name: 'ALICE BUYER' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: bob.email, name: 'BOB BUYER' });
  });

  it('never oversells: concurrent checkouts sharing a product accept at most its stock', async () => {
    const scarce = await addProduct(t, { price: 5, minimum: 1, available: 10 });
    const other = await addProduct(t, { price: 5, minimum: 1, available: 1000 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => shopper(t)));
    const answers = await Promise.all(
      buyers.map((who) =>
        checkout(who, {
          lines: [
            { productId: other._id, quantity: 2 },
            { productId: scarce._id, quantity: 3 },
          ],
          ...contact,
        }),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 201).length;
    expect(accepted).toBe(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
    expect(await availableOf(t, scarce._id)).toBe(1);
    expect(await availableOf(t, other._id)).toBe(1000 - 2 * accepted);
  });

  it('POST /order is a purchase of one line with its own number', async () => {
    const product = await addProduct(t, { price: 12, available: 20 });
    const first = await placeOrder(t, alice, product._id, 2);
    const second = await placeOrder(t, alice, product._id, 3);
    expect(first.purchaseNumber).toMatch(/^PW-\d{6,}$/);
    expect(second.purchaseNumber).not.toBe(first.purchaseNumber);
    expect(first.unitPrice).toBe(12);
    const read = await inject(t, api.purchases.get, { params: { id: first.purchaseId } }, alice);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      number: first.purchaseNumber,
      total: 24,
      phone: '+(555) 123-4567',
    });
    expect(read.json().orders.map((o) => o._id)).toEqual([first._id]);
  });

  it('GET /purchases lists your own, newest first; GET /purchase/{id} is for its owner or an admin', async () => {
    const carol = await shopper(t);
    const product = await addProduct(t, { available: 50 });
    const body = (quantity: number) => ({
      lines: [{ productId: product._id, quantity }],
      ...contact,
    });
    const one = (await checkout(carol, body(1))).json<{ _id: string }>();
    const two = (await checkout(carol, body(2))).json<{ _id: string }>();
    await checkout(bob, body(3));
    const list = await inject(t, api.purchases.listOwn, {}, carol);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((p) => p._id)).toEqual([two._id, one._id]);
    expect(
      (await inject(t, api.purchases.listOwn, { query: { email: bob.email } }, carol)).statusCode,
    ).toBe(403);

    const get = (who?: Shopper) => inject(t, api.purchases.get, { params: { id: one._id } }, who);
    expect((await get(carol)).statusCode).toBe(200);
    expect((await get(boss)).statusCode).toBe(200);
    expect((await get(bob)).statusCode).toBe(403);
    expect((await get()).statusCode).toBe(401);
    const missing = await inject(
      t,
      api.purchases.get,
      { params: { id: '00000000-0000-4000-8000-000000000000' } },
      carol,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('cancelling every line of a purchase keeps it as cancelled and gives the stock back', async () => {
    const product = await addProduct(t, { available: 30 });
    const other = await addProduct(t, { available: 30 });
    const purchase = (
      await checkout(alice, {
        lines: [
          { productId: product._id, quantity: 5 },
          { productId: other._id, quantity: 6 },
        ],
        ...contact,
      })
    ).json<{ _id: string; orders: { _id: string }[] }>();
    for (const order of purchase.orders) {
      const response = await inject(t, api.orders.cancel, { params: { id: order._id } }, alice);
      expect(response.statusCode).toBe(200);
    }
    expect(await availableOf(t, product._id)).toBe(30);
    expect(await availableOf(t, other._id)).toBe(30);
    const rows = await t.db.select().from(purchases).where(eq(purchases.id, purchase._id));
    expect(rows.map((row) => row.closedAs)).toEqual(['cancelled']);
    const kept = await inject(t, api.purchases.get, { params: { id: purchase._id } }, alice);
    expect(kept.json()).toMatchObject({ status: 'cancelled', orders: [], unpaidTotal: 0 });
  });
});
