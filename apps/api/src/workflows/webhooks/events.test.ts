import {
  api,
  webhookMessages,
  type ApiErrorBody,
  type InvoiceEventData,
  type Product,
  type ProductCreated,
  type Purchase,
  type StockLowData,
  type WebhookCreated,
  type WebhookEventBody,
} from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema.js';
import { tellOverdueInvoices } from '../../modules/ledger/invoices.js';
import { deliverDueWebhooks } from '../../modules/webhooks/deliver.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { companyTeam, invoicedTeam } from '../../test-support/companies.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { checkout, payPurchase } from '../../test-support/purchases.js';
import { addProduct, adminShopper, orderTestEnv, type Shopper } from '../../test-support/shop.js';
import { receiver } from '../../test-support/webhooks.js';

const { webhooks, companies, catalog, orders, purchases: purchaseApi } = api;

/**
 * Every event of DESIGN section 9 from the change that makes it (issue 32): paid and invoiced
 * with a card, invoiced and then paid on account, shipped in parcels, fallen overdue, a product
 * changed by hand or by CSV, stock run low. Each is written in its change's transaction and sent
 * in order per purchase (or per product).
 */
describe.each(testDatabases())('webhook events on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  const receivers: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: orderTestEnv({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_WORKER: 'false' }),
    });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    for (const open of receivers) await open.close();
    await t?.close();
  });

  const deliver = () =>
    deliverDueWebhooks({ db: t.db, log: t.app.log, allowPrivate: true }, new Date());
  const listening = async (who: Shopper, events: string[]) => {
    const open = await receiver();
    receivers.push(open);
    const hook = await answered<WebhookCreated>(
      injectUnchecked(t, webhooks.create, { body: { url: open.url, events } }, who),
      201,
    );
    return { ...open, hook };
  };
  const typesOf = (events: WebhookEventBody[]) => events.map((event) => event.type);

  it('a card purchase: created, then paid and its invoice issued, in that order', async () => {
    const { owner, buyer } = await companyTeam(t, { spendingLimit: null, name: 'Card Events Ltd' });
    const target = await listening(owner, ['purchase.created', 'purchase.paid', 'invoice.issued']);
    const product = await addProduct(t, { price: 40, available: 100 });
    const placed = await checkout(t, buyer, [{ productId: product._id, quantity: 3 }]);
    const paid = (await payPurchase(t, buyer, placed._id)) as Purchase;
    await deliver();
    const events = target.events();
    expect(typesOf(events)).toEqual(['purchase.created', 'purchase.paid', 'invoice.issued']);
    expect(events.every((event) => event.data._id === placed._id)).toBe(true);
    expect((events[1]!.data as unknown as Purchase).status).toBe('paid');
    const invoice = events[2]!.data as unknown as InvoiceEventData;
    expect(invoice).toMatchObject({
      invoiceNumber: paid.invoiceNumber,
      purchaseNumber: placed.number,
      paymentTerms: 'card',
      total: placed.total,
      amountDue: 0,
      status: 'paid',
    });
  });

  it('on account: the invoice is issued with its due date, and paid when a transfer settles it', async () => {
    const target = await listening(admin, ['purchase.paid', 'invoice.issued']);
    const team = await invoicedTeam(t, admin, 'Net Terms Events GmbH');
    await deliver();
    const mine = () =>
      target
        .events()
        .filter((event) => team.bought.some((purchase) => purchase._id === event.data._id));
    // Three invoices on account: issued, not paid.
    expect(typesOf(mine())).toEqual(['invoice.issued', 'invoice.issued', 'invoice.issued']);
    // Different purchases' events go side by side: find the first purchase's by its id.
    const first = mine().find((event) => event.data._id === team.bought[0]!._id)!
      .data as unknown as InvoiceEventData;
    expect(first).toMatchObject({
      _id: team.bought[0]!._id,
      companyId: team.company._id,
      paymentTerms: 'net30',
      amountDue: 1000,
      status: 'open',
    });
    expect(first.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // $1,500 by transfer: the oldest invoice is settled (paid), the second only in part.
    await answered(
      injectUnchecked(
        t,
        companies.recordBankPayment,
        {
          params: { id: team.company._id },
          body: { amount: 1500, reference: 'TRF-2026-0042', receivedOn: '2026-11-20' },
        },
        admin,
      ),
      201,
    );
    await deliver();
    const paidEvents = mine().filter((event) => event.type === 'purchase.paid');
    expect(paidEvents.map((event) => event.data._id)).toEqual([team.bought[0]!._id]);
    expect((paidEvents[0]!.data as unknown as Purchase).status).toBe('paid');
  });

  it('each parcel tells: partially shipped, then shipped; SPEC’s one-line shipping too', async () => {
    const { owner, buyer } = await companyTeam(t, { spendingLimit: null, name: 'Parcel Events' });
    const target = await listening(owner, ['purchase.shipped']);
    const [gpu, psu] = [
      await addProduct(t, { price: 30, available: 100 }),
      await addProduct(t, { price: 20, available: 100 }),
    ];
    const placed = await checkout(t, buyer, [
      { productId: gpu._id, quantity: 4 },
      { productId: psu._id, quantity: 2 },
    ]);
    await payPurchase(t, buyer, placed._id);
    const [gpuLine, psuLine] = placed.orders;
    await answered(
      injectUnchecked(
        t,
        purchaseApi.ship,
        { params: { id: placed._id }, body: { lines: [{ orderId: gpuLine!._id, quantity: 1 }] } },
        admin,
      ),
    );
    await answered(injectUnchecked(t, orders.ship, { params: { id: psuLine!._id } }, admin));
    await answered(injectUnchecked(t, purchaseApi.ship, { params: { id: placed._id } }, admin));
    await deliver();
    const statuses = target.events().map((event) => (event.data as unknown as Purchase).status);
    expect(typesOf(target.events())).toEqual(Array(3).fill('purchase.shipped'));
    expect(statuses).toEqual(['partially_shipped', 'partially_shipped', 'shipped']);
    const last = target.events()[2]!.data as unknown as Purchase;
    expect(last.shipments).toHaveLength(3);
  });

  it('an invoice past its due date is told overdue once, however many sweeps run', async () => {
    const target = await listening(admin, ['invoice.overdue']);
    const team = await invoicedTeam(t, admin, 'Late Payer Ltd');
    const [late] = team.bought;
    await t.db
      .update(purchases)
      .set({ dueDate: sql`(now() at time zone 'UTC')::date - 3` })
      .where(eq(purchases.id, late!._id));
    // Two instances' sweeps at once, then another: one event.
    await Promise.all([tellOverdueInvoices(t.db), tellOverdueInvoices(t.db)]);
    await tellOverdueInvoices(t.db);
    await deliver();
    const told = target.events().filter((event) => event.data._id === late!._id);
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({
      companyId: team.company._id,
      status: 'overdue',
      daysOverdue: 3,
      amountDue: 1000,
    });
    // The others are not due yet.
    const others = team.bought.slice(1).map((purchase) => purchase._id);
    expect(target.events().some((event) => others.includes(String(event.data._id)))).toBe(false);
  });

  it('a product changed by hand or by CSV reaches the admin’s and a company’s subscriptions', async () => {
    const { owner } = await companyTeam(t, { spendingLimit: null, name: 'Catalogue Sync Ltd' });
    const [shop, company] = [
      await listening(admin, ['product.updated']),
      await listening(owner, ['product.updated']),
    ];
    const { product } = await answered<ProductCreated>(
      injectUnchecked(
        t,
        catalog.create,
        {
          body: {
            sku: 'EVT-NIC-10G',
            name: '10 GbE network card',
            img: '/images/products/ssd.svg',
            description: 'Dual-port SFP+ card',
            price: 99,
            minimum: 1,
            available: 10,
          },
        },
        admin,
      ),
      201,
    );
    await answered(
      injectUnchecked(
        t,
        catalog.update,
        { params: { id: product._id }, body: { price: 89.5 } },
        admin,
      ),
    );
    // An edit that changes nothing tells nothing.
    await answered(
      injectUnchecked(
        t,
        catalog.update,
        { params: { id: product._id }, body: { price: 89.5 } },
        admin,
      ),
    );
    const csv = [
      'sku,name,price,minimum,available,description,img',
      'EVT-NIC-10G,10 GbE network card,79,1,25,Dual-port SFP+ card,/images/products/ssd.svg',
      'EVT-NIC-25G,25 GbE network card,149,1,5,Dual-port SFP28 card,/images/products/ssd.svg',
    ].join('\n');
    await answered(injectUnchecked(t, catalog.importCsv, { body: { csv } }, admin));
    await deliver();
    for (const open of [shop, company]) {
      const changes = open
        .events()
        .map((event) => event.data as unknown as Product)
        .filter((data) => data.sku.startsWith('EVT-NIC'));
      // In order per product: added, edited, imported.
      const prices = (sku: string) =>
        changes.filter((data) => data.sku === sku).map((data) => data.price);
      expect(prices('EVT-NIC-10G')).toEqual([99, 89.5, 79]);
      expect(prices('EVT-NIC-25G')).toEqual([149]);
    }
  });

  it('stock.low once as a purchase takes a product to its threshold; the admin’s alone', async () => {
    const { owner, buyer } = await companyTeam(t, { spendingLimit: null, name: 'Low Stock Co' });
    const refused = await injectUnchecked(
      t,
      webhooks.create,
      { body: { url: 'http://127.0.0.1:9/hooks', events: ['purchase.created', 'stock.low'] } },
      owner,
    );
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as ApiErrorBody).message).toBe(webhookMessages.shopOnly('stock.low'));

    const target = await listening(admin, ['stock.low']);
    const product = await addProduct(t, { price: 12, available: 10, lowStockThreshold: 5 });
    const ofProduct = () =>
      target
        .events()
        .map((event) => event.data as unknown as StockLowData)
        .filter((data) => data.productId === product._id);
    await checkout(t, buyer, [{ productId: product._id, quantity: 4 }]);
    await deliver();
    expect(ofProduct()).toEqual([]);
    await checkout(t, buyer, [{ productId: product._id, quantity: 2 }]);
    await checkout(t, buyer, [{ productId: product._id, quantity: 1 }]);
    await deliver();
    expect(ofProduct()).toEqual([
      {
        productId: product._id,
        sku: product.sku,
        name: product.name,
        available: 4,
        lowStockThreshold: 5,
      },
    ]);
  });
});
