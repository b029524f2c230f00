import {
  adminOrderSchema,
  api,
  dateMessages,
  type AdminOrderPage,
  type ApiErrorBody,
} from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { answered, inject, injectUnchecked } from '../../test-support/inject.js';
import { payAtGateway } from '../../test-support/orders.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  recordPayment,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';
import { csvCell } from '../../http/csv.js';
import { formulaCells } from '../../test-support/spreadsheet.js';
import { adminOrdersCsv } from './admin-list.js';

/** Manage All Orders: search, status filter, paging and the CSV export (DESIGN section 8). */
describe.each(testDatabases())('admin orders on %s', (kind) => {
  let t: TestApp;
  let alice: Shopper;
  let mallory: Shopper;
  let boss: Shopper;
  // A tag of this run in every name, so searches find only this test's orders.
  const tag = `T${Date.now().toString(36).toUpperCase()}`;
  let unpaidId: string;
  let paidId: string;
  let shippedId: string;
  let poPurchaseNumber: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    [alice, mallory, boss] = await Promise.all([
      shopper(t, { name: 'ALICE BUYER' }),
      shopper(t, { name: 'MALLORY HACKER' }),
      adminShopper(t),
    ]);
    const ssd = await addProduct(t, { name: `Gizmo SSD ${tag}`, price: 40, available: 1000 });
    const ram = await addProduct(t, { name: `Widget RAM ${tag}`, price: 70, available: 1000 });
    const checkout = (who: Shopper, body: object) =>
      inject(t, api.purchases.checkout, { body: body as never }, who);
    const first = await checkout(alice, {
      lines: [
        { productId: ssd._id, quantity: 10 },
        { productId: ram._id, quantity: 3 },
      ],
      number: '+44 20 7946 0958',
      address: 'Unit 4/B #2, Harbour Road, Leeds',
      poNumber: `PO-${tag}-7`,
      company: 'Acme Components Ltd',
      taxId: 'GB123456789',
    });
    expect(first.statusCode, first.body).toBe(201);
    const purchase = first.json();
    poPurchaseNumber = purchase.number;
    [unpaidId, paidId] = purchase.orders.map((o) => o._id) as [string, string];
    // Mallory's PO and address are formulas a spreadsheet would run.
    const hostile = await checkout(mallory, {
      lines: [{ productId: ssd._id, quantity: 2 }],
      number: '555-123-4567',
      address: '-2+3 Harbour Road',
      poNumber: '=HYPERLINK("//e.x","x")',
      company: '@SUM(A1:A9)',
    });
    expect(hostile.statusCode, hostile.body).toBe(201);
    shippedId = hostile.json().orders[0]!._id;
    for (const id of [paidId, shippedId]) {
      const who = id === paidId ? alice : mallory;
      const intent = await payAtGateway(t, who, id);
      expect((await recordPayment(t, who, id, intent)).statusCode).toBe(200);
    }
    const shipped = await inject(
      t,
      api.orders.ship,
      { params: { id: shippedId }, body: { carrier: 'UPS', trackingNumber: '1Z999' } },
      boss,
    );
    expect(shipped.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (query: Record<string, string | number>, who: Shopper | null = boss) =>
    injectUnchecked(t, api.orders.adminList, { query }, who ?? undefined);
  const ids = async (query: Record<string, string | number>) =>
    (await list(query)).json<AdminOrderPage>().items.map((o) => o._id);

  it('answers a page newest first with ship-to, phone, PO, company and tax id', async () => {
    const response = await list({ q: tag });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<AdminOrderPage>();
    expect(page).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(page.items.map((o) => o._id)).toEqual([shippedId, paidId, unpaidId]);
    for (const item of page.items) adminOrderSchema.strict().parse(item);
    expect(page.items.find((o) => o._id === unpaidId)).toMatchObject({
      address: 'Unit 4/B #2, Harbour Road, Leeds',
      number: '+44 20 7946 0958',
      poNumber: `PO-${tag}-7`,
      company: 'Acme Components Ltd',
      taxId: 'GB123456789',
      purchaseNumber: poPurchaseNumber,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('filters by status', async () => {
    expect(await ids({ q: tag, status: 'unpaid' })).toEqual([unpaidId]);
    expect(await ids({ q: tag, status: 'paid' })).toEqual([paidId]);
    expect(await ids({ q: tag, status: 'shipped' })).toEqual([shippedId]);
  });

  it('searches customer, email, product, purchase number and PO, any case; % and _ are literal', async () => {
    expect(await ids({ q: 'mallory hacker', status: 'shipped' })).toEqual([shippedId]);
    expect(await ids({ q: alice.email.toUpperCase() })).toEqual([paidId, unpaidId]);
    expect(await ids({ q: `widget ram ${tag.toLowerCase()}` })).toEqual([paidId]);
    expect(await ids({ q: poPurchaseNumber })).toEqual([paidId, unpaidId]);
    expect(await ids({ q: `po-${tag.toLowerCase()}-7` })).toEqual([paidId, unpaidId]);
    expect(await ids({ q: `${tag}%` })).toEqual([]);
    expect(await ids({ q: `PO_${tag}` })).toEqual([]);
  });

  it('pages with a total', async () => {
    const first = (await list({ q: tag, limit: 2 })).json<AdminOrderPage>();
    const second = (await list({ q: tag, limit: 2, page: 2 })).json<AdminOrderPage>();
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect([...first.items, ...second.items].map((o) => o._id)).toEqual([
      shippedId,
      paidId,
      unpaidId,
    ]);
  });

  it('refuses a bad filter with 400 and a message; customers 403, anonymous 401', async () => {
    const bad: Record<string, string | number>[] = [
      { status: 'lost' },
      { page: 0 },
      { limit: 101 },
      { page: 'x' },
      { paidFrom: '9999-12-31' },
      { paidTo: '2101-01-01' },
      { paidFrom: '1999-12-31' },
    ];
    for (const query of bad) {
      const response = await list(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<ApiErrorBody>().message).toBeTruthy();
    }
    const late = await list({ paidTo: '9999-12-31' });
    expect(late.json<ApiErrorBody>().message).toContain(dateMessages.range);
    const csvLate = await injectUnchecked(
      t,
      api.orders.adminCsv,
      { query: { paidFrom: '9999-12-31' } },
      boss,
    );
    expect(csvLate.statusCode).toBe(400);
    expect((await list({}, alice)).statusCode).toBe(403);
    expect((await list({}, null)).statusCode).toBe(401);
    const csv = (who: Shopper | null) =>
      injectUnchecked(t, api.orders.adminCsv, { query: {} }, who ?? undefined);
    expect((await csv(alice)).statusCode).toBe(403);
    expect((await csv(null)).statusCode).toBe(401);
  });

  it('exports the same filter as CSV, quoted per RFC 4180, formulas neutralised', async () => {
    // A formula behind a semicolon or a comma: a cell of its own to a spreadsheet reading the
    // export with the other separator (set directly: the one-line fields refuse line breaks).
    await t.db.execute(
      sql`update orders set product_name = product_name || ${';=1+1,=2\n@3'} where id = ${shippedId}`,
    );
    const response = await injectUnchecked(t, api.orders.adminCsv, { query: { q: tag } }, boss);
    expect(formulaCells(response.body)).toEqual([]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['Order id'])).toEqual([shippedId, paidId, unpaidId]);
    const hostile = rows[0]!;
    expect(hostile['PO number']).toBe(`'=HYPERLINK("//e.x","x")`);
    expect(hostile.Company).toBe(`'@SUM(A1:A9)`);
    expect(hostile.Address).toBe(`'-2+3 Harbour Road`);
    expect(hostile.Product).toMatch(/;'=1\+1,'=2\n'@3$/);
    expect(hostile).toMatchObject({
      Carrier: 'UPS',
      'Tracking number': '1Z999',
      Status: 'Shipped',
      'Shipped quantity': '2',
    });
    expect(rows[2]).toMatchObject({
      Address: 'Unit 4/B #2, Harbour Road, Leeds',
      Company: 'Acme Components Ltd',
      Quantity: '10',
      'Unit price': '40',
      Total: '400',
      Status: 'Unpaid',
    });
    const paidOnly = await injectUnchecked(
      t,
      api.orders.adminCsv,
      { query: { q: tag, status: 'paid' } },
      boss,
    );
    const paidRows = parse(paidOnly.body, { columns: true }) as Record<string, string>[];
    expect(paidRows.map((r) => r['Order id'])).toEqual([paidId]);
  });

  it("exports each line's shipping share, tax and total after the columns it always had", async () => {
    // A line's share of its purchase's shipping and its tax, as checkout stores them (cents).
    await t.db.execute(
      sql`update orders set shipping_charge = 1250, tax = 3026 where id = ${paidId}`,
    );
    const response = await injectUnchecked(t, api.orders.adminCsv, { query: { q: tag } }, boss);
    const [header] = parse(response.body, { to: 1 }) as string[][];
    expect(header).toEqual([
      'Purchase',
      'Order id',
      'Created',
      'Customer',
      'Email',
      'Phone',
      'Address',
      'Company',
      'Tax id',
      'PO number',
      'Product',
      'Quantity',
      'Shipped quantity',
      'Unit price',
      'Total',
      'Status',
      'Paid at',
      'Shipped at',
      'Carrier',
      'Tracking number',
      'Test payment',
      'Shipping',
      'Tax',
      'Total with shipping and tax',
    ]);
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    const paid = rows.find((row) => row['Order id'] === paidId);
    // Three at $70: $210 of goods, $12.50 of shipping, $30.26 of tax.
    expect(paid).toMatchObject({
      Total: '210',
      Shipping: '12.50',
      Tax: '30.26',
      'Total with shipping and tax': '252.76',
    });
    const unpaid = rows.find((row) => row['Order id'] === unpaidId);
    expect(unpaid).toMatchObject({ Shipping: '0', Tax: '0', 'Total with shipping and tax': '400' });
    // The JSON list carries the same fields (orderSchema).
    const page = await answered<AdminOrderPage>(
      injectUnchecked(t, api.orders.adminList, { query: { q: tag } }, boss),
    );
    expect(page.items.find((order) => order._id === paidId)).toMatchObject({
      price: 210,
      shippingCharge: 12.5,
      tax: 30.26,
      total: 252.76,
    });
  });

  it('streams a long export in batches, every order once, newest first', async () => {
    // 2,345 one-line purchases straight into the tables: more than two batches of rows.
    const many = `BULK${tag.slice(1)}`; // not found by the searches for `tag` above
    await t.db.execute(sql`
      insert into purchases (name, email, phone, address, po_number)
      select 'BULK BUYER', 'bulk@example.com', '555-123-4567', g || ' Bulk Street', ${many} || '-' || g
      from generate_series(1, 2345) as g`);
    await t.db.execute(sql`
      insert into orders (purchase_id, purchase_number, product_name, img, description, quantity,
                          unit_price, price, name, email, number, address)
      select id, number, 'Bulk part', '/images/products/ssd.svg', 'Bulk.', 1, 5, 5, name, email,
             phone, address
      from purchases where po_number like ${`${many}-%`} order by seq`);
    const chunks: string[] = [];
    for await (const chunk of adminOrdersCsv(t.db, { q: many })) chunks.push(chunk);
    // The header, then one chunk per batch of 1,000 rows.
    expect(chunks).toHaveLength(4);

    const response = await injectUnchecked(t, api.orders.adminCsv, { query: { q: many } }, boss);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(chunks.join(''));
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2345);
    expect(new Set(rows.map((r) => r['Order id'])).size).toBe(2345);
    expect(rows[0]!['PO number']).toBe(`${many}-2345`);
    expect(rows.at(-1)!['PO number']).toBe(`${many}-1`);
  });

  it('csvCell quotes commas, quotes and line breaks, and leaves numbers alone', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    // The tab hides the formula, and is a separator to a tab-separated read.
    expect(csvCell('\t=1')).toBe("'\t'=1");
    expect(csvCell('Acme;=1')).toBe("Acme;'=1");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});
