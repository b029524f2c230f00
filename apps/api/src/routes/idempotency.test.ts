import {
  api,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyMessages,
  type ApiErrorBody,
} from '@shop/shared';
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders, products, purchases } from '../db/schema.js';
import {
  buildTestApp,
  tempDir,
  testDatabases,
  type TestApp,
} from '../test-support/build-test-app.js';
import { injectUnchecked } from '../test-support/inject.js';
import {
  addProduct,
  adminShopper,
  availableOf,
  orderBody,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../test-support/shop.js';
import { canonicalJson } from './idempotency-store.js';

/** How the table names POST /order: the contract's method and path. */
const buyNowEndpoint = `${api.orders.place.method} ${api.orders.place.path}`;
const contact = { number: '+44 20 7946 0958', address: 'Unit 4/B #2, Harbour Road, Leeds' };

/**
 * `Idempotency-Key` on the buying endpoints (DESIGN section 9; docs/decisions/025): a retry with
 * the key answers the first answer and buys nothing more. Each test uses its own keys.
 */
describe.each(testDatabases())('Idempotency-Key on %s', (kind) => {
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

  const withKey = (who: Shopper, key?: string) => ({
    headers: { ...who.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
  const buyNow = (who: Shopper, body: object, key?: string) =>
    injectUnchecked(t, api.orders.place, { body }, withKey(who, key));
  const checkout = (who: Shopper, body: object, key?: string) =>
    injectUnchecked(t, api.purchases.checkout, { body }, withKey(who, key));
  const payIntent = (who: Shopper, body: object, key?: string) =>
    injectUnchecked(t, api.payments.createIntent, { body }, withKey(who, key));

  const purchasesOf = async (who: Shopper) =>
    (await t.db.select({ n: count() }).from(purchases).where(eq(purchases.email, who.email)))[0]
      ?.n ?? 0;
  const linesOf = async (who: Shopper) =>
    (await t.db.select({ n: count() }).from(orders).where(eq(orders.email, who.email)))[0]?.n ?? 0;
  const keyRows = async (key: string) =>
    t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  const cart = (productId: string, quantity = 2) => ({
    lines: [{ productId, quantity }],
    ...contact,
  });

  it('answers a Buy Now sent again with its key with the first answer, and buys once', async () => {
    const product = await addProduct(t, { available: 10 });
    const key = randomUUID();
    const before = await purchasesOf(alice);
    const first = await buyNow(alice, orderBody(product._id, 3), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    // The same fields in another order are the same request.
    const { productId, quantity, ...rest } = orderBody(product._id, 3);
    const again = await buyNow(alice, { ...rest, quantity, productId }, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(await purchasesOf(alice)).toBe(before + 1);
    expect(await availableOf(t, product._id)).toBe(7);
  });

  it('answers a checkout sent again with its key with the first answer, and buys once', async () => {
    const product = await addProduct(t, { available: 10 });
    const key = randomUUID();
    const before = await purchasesOf(alice);
    const first = await checkout(alice, cart(product._id), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await checkout(alice, cart(product._id), key);
    expect({ status: again.statusCode, body: again.body }).toEqual({
      status: 201,
      body: first.body,
    });
    expect(await purchasesOf(alice)).toBe(before + 1);
    expect(await availableOf(t, product._id)).toBe(8);
  });

  it('answers a product the ERP adds again with its key with the first answer, and adds one', async () => {
    const admin = await adminShopper(t);
    const key = randomUUID();
    const body = {
      name: 'Rack rail kit 2U',
      img: '/images/products/ssd.svg',
      description: 'Sliding rails for a 2U server.',
      price: 49,
      minimum: 1,
      available: 40,
    };
    const add = () => injectUnchecked(t, api.catalog.create, { body }, withKey(admin, key));
    const first = await add();
    expect(first.statusCode, first.body).toBe(201);
    const again = await add();
    expect({ status: again.statusCode, body: again.body }).toEqual({
      status: 201,
      body: first.body,
    });
    const named = await t.db
      .select({ n: count() })
      .from(products)
      .where(eq(products.name, body.name));
    expect(named[0]?.n).toBe(1);
  });

  it('keeps a refusal the endpoint made (409, out of stock) and answers it again', async () => {
    const product = await addProduct(t, { available: 1, minimum: 1 });
    const key = randomUUID();
    const first = await buyNow(alice, orderBody(product._id, 5), key);
    expect(first.statusCode).toBe(409);
    const again = await buyNow(alice, orderBody(product._id, 5), key);
    expect({ status: again.statusCode, body: again.body }).toEqual({
      status: 409,
      body: first.body,
    });
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
  });

  it('answers 422 to the same key with another body, and buys nothing more', async () => {
    const product = await addProduct(t, { available: 10 });
    const key = randomUUID();
    expect((await buyNow(alice, orderBody(product._id, 1), key)).statusCode).toBe(201);
    const lines = await linesOf(alice);
    const other = await buyNow(alice, orderBody(product._id, 2), key);
    expect(other.statusCode).toBe(422);
    expect(other.json<ApiErrorBody>()).toMatchObject({
      statusCode: 422,
      message: idempotencyMessages.otherBody,
    });
    expect(await linesOf(alice)).toBe(lines);
    expect(await availableOf(t, product._id)).toBe(9);
  });

  it('places one purchase when the same checkout arrives twice at once; the other waits its turn (409) or replays', async () => {
    const product = await addProduct(t, { available: 50 });
    const before = await purchasesOf(alice);
    for (let round = 0; round < 5; round += 1) {
      const key = randomUUID();
      const answers = await Promise.all([
        checkout(alice, cart(product._id, 1), key),
        checkout(alice, cart(product._id, 1), key),
        checkout(alice, cart(product._id, 1), key),
      ]);
      const placed = answers.filter((answer) => answer.statusCode === 201);
      expect(placed.length).toBeGreaterThanOrEqual(1);
      // Every 201 is the same purchase: the first one's answer, replayed.
      expect(new Set(placed.map((answer) => answer.body)).size).toBe(1);
      for (const answer of answers.filter((one) => one.statusCode !== 201)) {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json<ApiErrorBody>().message).toBe(idempotencyMessages.inProgress);
      }
    }
    expect(await purchasesOf(alice)).toBe(before + 5);
    expect(await availableOf(t, product._id)).toBe(45);
  });

  it("keeps one person's keys apart from another's", async () => {
    const product = await addProduct(t, { available: 10 });
    const key = randomUUID();
    const [first, second] = [alice, bob];
    const [aliceBefore, bobBefore] = [await purchasesOf(first), await purchasesOf(second)];
    const a = await buyNow(first, orderBody(product._id, 1), key);
    const b = await buyNow(second, orderBody(product._id, 2), key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(await purchasesOf(first)).toBe(aliceBefore + 1);
    expect(await purchasesOf(second)).toBe(bobBefore + 1);
  });

  it("keeps one endpoint's keys apart from another's", async () => {
    const product = await addProduct(t, { available: 10 });
    const key = randomUUID();
    const before = await purchasesOf(alice);
    const placed = await buyNow(alice, orderBody(product._id, 1), key);
    expect(placed.statusCode).toBe(201);
    const checkedOut = await checkout(alice, cart(product._id, 1), key);
    expect(checkedOut.statusCode, checkedOut.body).toBe(201);
    const { purchaseId } = placed.json();
    const intent = await payIntent(alice, { purchaseId }, key);
    expect(intent.statusCode, intent.body).toBe(200);
    expect(await purchasesOf(alice)).toBe(before + 2);
  });

  it('answers a payment intent sent again with its key with the same client secret', async () => {
    const product = await addProduct(t, { available: 10 });
    const placed = await buyNow(alice, orderBody(product._id, 1));
    const { purchaseId } = placed.json();
    const key = randomUUID();
    const first = await payIntent(alice, { purchaseId }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await payIntent(alice, { purchaseId }, key);
    expect({ status: again.statusCode, body: again.body }).toEqual({
      status: 200,
      body: first.body,
    });
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
  });

  it('keeps no 5xx: a retry with the key runs again once the failure has passed', async () => {
    const product = await addProduct(t, { available: 10 });
    const { purchaseId } = (await buyNow(alice, orderBody(product._id, 1))).json();
    const key = randomUUID();
    // The payment gateway is down for one call: the route answers 500.
    const { gateway } = t.app.orders;
    const createIntent = gateway.createIntent.bind(gateway);
    gateway.createIntent = async () => {
      gateway.createIntent = createIntent;
      throw new Error('gateway unreachable');
    };
    const failed = await payIntent(alice, { purchaseId }, key);
    expect(failed.statusCode).toBe(500);
    expect(await keyRows(key)).toEqual([]);
    const retried = await payIntent(alice, { purchaseId }, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
  });

  it(`treats a key older than ${IDEMPOTENCY_KEY_HOURS} hours as new, and sweeps such keys away`, async () => {
    const product = await addProduct(t, { available: 10 });
    const key = randomUUID();
    const before = await purchasesOf(alice);
    const first = await buyNow(alice, orderBody(product._id, 1), key);
    expect(first.statusCode).toBe(201);
    const age = async (hours: number) =>
      t.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
        .where(eq(idempotencyKeys.key, key));
    // Within the day it still answers the first answer.
    await age(IDEMPOTENCY_KEY_HOURS - 1);
    expect((await buyNow(alice, orderBody(product._id, 1), key)).body).toBe(first.body);
    await age(IDEMPOTENCY_KEY_HOURS + 1);
    const later = await buyNow(alice, orderBody(product._id, 1), key);
    expect(later.statusCode).toBe(201);
    expect(later.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(later.json().insertedId).not.toBe(first.json().insertedId);
    expect(await purchasesOf(alice)).toBe(before + 2);

    // An expired key that nobody sends again is swept away with the others.
    await age(IDEMPOTENCY_KEY_HOURS + 1);
    expect(await t.app.idempotency.sweep()).toBeGreaterThanOrEqual(1);
    expect(await keyRows(key)).toEqual([]);
  });

  it('stores nothing for a request refused as invalid (400): the key then serves a valid body', async () => {
    const product = await addProduct(t, { available: 10 });
    const key = randomUUID();
    const refused = await buyNow(alice, orderBody(product._id, 0), key);
    expect(refused.statusCode).toBe(400);
    expect(await keyRows(key)).toEqual([]);
    const placed = await buyNow(alice, orderBody(product._id, 1), key);
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = await keyRows(key);
    expect(row).toMatchObject({ endpoint: buyNowEndpoint, status: 201, body: placed.body });
  });

  it('without the header behaves as before: each request buys', async () => {
    const product = await addProduct(t, { available: 10 });
    const before = await purchasesOf(alice);
    const first = await buyNow(alice, orderBody(product._id, 1));
    const second = await buyNow(alice, orderBody(product._id, 1));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.body).not.toBe(first.body);
    expect(await purchasesOf(alice)).toBe(before + 2);
  });

  it(`takes a key of ${IDEMPOTENCY_KEY_MAX} characters and refuses one longer (400, nothing stored)`, async () => {
    const product = await addProduct(t, { available: 10 });
    const longest = 'k'.repeat(IDEMPOTENCY_KEY_MAX);
    const placed = await buyNow(alice, orderBody(product._id, 1), longest);
    expect(placed.statusCode, placed.body).toBe(201);
    const tooLong = await buyNow(alice, orderBody(product._id, 1), `${longest}k`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ApiErrorBody>().message).toContain(idempotencyMessages.invalidKey);
    const stored = await t.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.endpoint, buyNowEndpoint),
          sql`length(${idempotencyKeys.key}) > ${IDEMPOTENCY_KEY_MAX}`,
        ),
      );
    expect(stored[0]?.n).toBe(0);
  });
});

/**
 * The keys live in the database: another instance on the same PostgreSQL, or the same shop after
 * a restart, answers a retry with the first answer.
 */
describe.each(testDatabases())('Idempotency-Key across instances and restarts on %s', (kind) => {
  it('answers a retry sent to the other instance, or after a restart, with the first answer', async () => {
    const data = kind === 'pglite' ? await tempDir('shop-idempotency-') : undefined;
    const first = await buildTestApp(kind, { env: orderTestEnv(), pgliteDir: data?.dir });
    const same = { postgresDatabase: first.postgresDatabase, pgliteDir: data?.dir };
    let second: TestApp | undefined;
    let firstOpen = true;
    try {
      const buyer = await shopper(first, { name: 'CARA BUYER' });
      const product = await addProduct(first, { available: 10 });
      const key = randomUUID();
      const send = (t: TestApp) =>
        injectUnchecked(
          t,
          api.orders.place,
          { body: orderBody(product._id, 2) },
          { headers: { ...buyer.headers, 'idempotency-key': key } },
        );
      const placed = await send(first);
      expect(placed.statusCode, placed.body).toBe(201);
      // PGlite keeps one process to its directory: the shop restarts. PostgreSQL: both run.
      if (kind === 'pglite') {
        firstOpen = false;
        await first.close();
      }
      second = await buildTestApp(kind, { env: orderTestEnv(), ...same });
      const again = await send(second);
      expect({ status: again.statusCode, body: again.body }).toEqual({
        status: 201,
        body: placed.body,
      });
      expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
      expect(await availableOf(second, product._id)).toBe(8);
    } finally {
      await second?.close({ keep: true });
      if (firstOpen) await first.close();
      await data?.remove();
    }
  });
});

describe('canonicalJson', () => {
  it('sorts the fields of every object and keeps the order of arrays', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null }, e: undefined })).toBe(
      '{"a":{"c":null,"d":[2,1]},"b":1}',
    );
  });
});
