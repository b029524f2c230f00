import {
  api,
  messages,
  purchaseFilterMessages,
  PURCHASE_STATUSES,
  type ApiErrorBody,
  type Purchase,
  type PurchaseStatus,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, purchases, users } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { dbSnapshot } from '../../test-support/db-snapshot.js';
import { long, markup, sqlFragments } from '../../test-support/hostile-values.js';
import { injectUnchecked } from '../../test-support/inject.js';
import {
  addProduct,
  orderTestEnv,
  placeOrder,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

interface Page {
  items: Purchase[];
  total: number;
}

/**
 * My Orders' search and status filter (issue 28): GET /purchases?status=&q= filters on the
 * server, so a page and its total are the filtered ones, and every status, rejected and
 * cancelled too, can be asked for.
 */
describe.each(testDatabases())('GET /purchases filtered on %s', (kind) => {
  let t: TestApp;
  let bea: Shopper;
  /** Bea's purchase ids by the status she set them up in. */
  const made = new Map<PurchaseStatus, string[]>();
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    bea = await shopper(t);
    const fan = await addProduct(t, { name: 'Quiet Case Fan', available: 100 });
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, bea.email));
    const userId = row!.id;
    const keep = (status: PurchaseStatus, id: string) =>
      made.set(status, [...(made.get(status) ?? []), id]);
    /** A Buy Now, its line then set as `line` says. */
    const line = async (
      status: PurchaseStatus,
      set: Partial<typeof orders.$inferInsert>,
      quantity = 1,
    ) => {
      const order = await placeOrder(t, bea, fan._id, quantity);
      if (Object.keys(set).length > 0) {
        await t.db.update(orders).set(set).where(eq(orders.id, order._id));
      }
      keep(status, order.purchaseId!);
      return order;
    };
    await line('unpaid', {});
    await line('paid', { paid: true, holdExpiresAt: null });
    // A line is shipped once all its pieces are (orders_shipped_quantity_check, migration 0015).
    await line('shipped', { paid: true, shipping: true, shippedQuantity: 1, holdExpiresAt: null });
    await line('partially_shipped', { paid: true, shippedQuantity: 1, holdExpiresAt: null }, 2);
    const gone = await line('cancelled', {});
    await t.db.delete(orders).where(eq(orders.id, gone._id));
    const asked = (productName: string) => [
      {
        productId: fan._id,
        productName,
        img: fan.img,
        description: fan.description,
        quantity: 2,
        unitPrice: 1_000,
      },
    ];
    const written = (fields: Partial<typeof purchases.$inferInsert>) =>
      t.db
        .insert(purchases)
        .values({
          userId,
          name: bea.name,
          email: bea.email,
          phone: '555-123-4567',
          address: 'x',
          ...fields,
        })
        .returning({ id: purchases.id })
        .then(([purchase]) => purchase!.id);
    keep('awaiting_approval', await written({ awaitingLines: asked('Rack Rail Kit') }));
    keep(
      'rejected',
      await written({
        awaitingLines: asked('Rack Rail Kit'),
        closedAs: 'rejected',
        rejectionReason: 'Over budget',
        poNumber: 'PO-7781',
      }),
    );
    keep('cancelled', await written({ awaitingLines: asked('Cable Tray'), closedAs: 'cancelled' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: Record<string, string>, who: Shopper = bea) => {
    const answer = await injectUnchecked(t, api.purchases.listOwn, { query }, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Page;
  };

  it.each(PURCHASE_STATUSES)(
    'status=%s answers exactly the purchases in that status',
    async (status) => {
      const page = await list({ status });
      expect(page.items.map((purchase) => purchase.status)).toEqual(page.items.map(() => status));
      expect(page.items.map((purchase) => purchase._id).sort()).toEqual(
        [...(made.get(status) ?? [])].sort(),
      );
      expect(page.total).toBe(made.get(status)?.length ?? 0);
    },
  );

  it('keeps rejected and cancelled purchases in the unfiltered list, with their status and reason', async () => {
    const page = await list({});
    expect(page.total).toBe([...made.values()].flat().length);
    const rejected = page.items.find((purchase) => purchase.status === 'rejected');
    expect(rejected).toMatchObject({ rejectionReason: 'Over budget' });
    expect(page.items.filter((purchase) => purchase.status === 'cancelled')).toHaveLength(2);
  });

  it('q matches the purchase number, the PO number and product names (bought or asked for), any case', async () => {
    const all = await list({});
    const someone = all.items.find((purchase) => purchase.status === 'shipped')!;
    expect((await list({ q: someone.number.toLowerCase() })).items.map((p) => p._id)).toEqual([
      someone._id,
    ]);
    expect((await list({ q: 'po-778' })).items.map((p) => p.status)).toEqual(['rejected']);
    // Rack Rail Kit was asked for by the waiting and the rejected purchase.
    const rails = await list({ q: 'rack RAIL' });
    expect(rails.items.map((p) => p.status).sort()).toEqual(['awaiting_approval', 'rejected']);
    expect((await list({ q: 'quiet case', status: 'paid' })).items.map((p) => p._id)).toEqual(
      made.get('paid'),
    );
    // LIKE's own characters are taken literally.
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ q: '_' })).total).toBe(0);
  });

  it("never shows another person's purchases, whatever the filter", async () => {
    const carol = await shopper(t);
    expect((await list({ q: 'Rack' }, carol)).total).toBe(0);
    expect((await list({ status: 'rejected' }, carol)).total).toBe(0);
  });

  it('refuses a status it does not know and an unsafe or too long search with 400, never a 500', async () => {
    const before = await dbSnapshot(t.db);
    const refused = async (rawQuery: string, message: string) => {
      const answer = await injectUnchecked(t, api.purchases.listOwn, { rawQuery }, bea);
      expect(answer.statusCode, `${rawQuery}: ${answer.body}`).toBe(400);
      expect(answer.json<ApiErrorBody>().message, rawQuery).toContain(message);
    };
    for (const status of ['Paid', 'open', 'partially', '', 'rejected;drop', 'unpaid%00']) {
      await refused(`status=${encodeURIComponent(status)}`, purchaseFilterMessages.status);
    }
    await refused('status=paid&status=unpaid', purchaseFilterMessages.status);
    await refused(`q=${long('a', 201)}`, purchaseFilterMessages.q);
    await refused('q=a%00b', messages.unsafeText);
    await refused('q=a&q=b', purchaseFilterMessages.q);
    // Hostile text is only text: a search, answered like any other.
    for (const q of [...sqlFragments, ...markup]) {
      const answer = await injectUnchecked(t, api.purchases.listOwn, { query: { q } }, bea);
      expect([200, 400], `${q}: ${answer.body}`).toContain(answer.statusCode);
      if (answer.statusCode === 200) expect(answer.json<Page>().total).toBe(0);
    }
    expect(await dbSnapshot(t.db)).toEqual(before);
  });
});
