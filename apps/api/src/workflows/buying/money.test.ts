import {
  api,
  companyMessages,
  type ApiErrorBody,
  type Company,
  type ContractPrice,
  type ContractPriceImportReport,
  type Order,
  type Purchase,
  type Spending,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, contractPrices, orders } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember } from '../../test-support/companies.js';
import { injectUnchecked, answered } from '../../test-support/inject.js';
import { intentRow, payAtGateway } from '../../test-support/orders.js';
import { extractPdfText } from '../../test-support/pdf-text.js';
import {
  addProduct,
  adminShopper,
  orderBody,
  orderTestEnv,
  postOrder,
  recordPayment,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

/**
 * Money to the cent (issue 27 item 7, docs/decisions/027): prices, tiers, contract prices and
 * spending limits carry cents; the server computes in integer cents and answers dollars with at
 * most two decimals, on every way to buy, on the card payment and on the invoice.
 */

const contact = { number: '+49 30 1234567', address: 'Friedrichstrasse 12, 10117 Berlin' };
const { companies } = api;

describe.each(testDatabases())('money to the cent on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv({ UNPAID_ORDERS_MAX: '1000' }) });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const readPurchase = (who: Shopper, id: string) =>
    answered<Purchase>(injectUnchecked(t, api.purchases.get, { params: { id } }, who));
  const checkout = (who: Shopper, lines: { productId: string; quantity: number }[]) =>
    answered<Purchase>(
      injectUnchecked(t, api.purchases.checkout, { body: { lines, ...contact } }, who),
      201,
    );
  const setPrice = (companyId: string, productId: string, price: number) =>
    injectUnchecked(
      t,
      companies.putPrice,
      { params: { id: companyId, productId }, body: { price } },
      admin,
    );

  /** A company whose buyer has `limit` dollars a month, and an approver. */
  async function team(limit: number | null) {
    const [owner, buyer, approver] = await Promise.all([
      shopper(t, { name: 'Olive Owner' }),
      shopper(t, { name: 'Bea Buyer' }),
      shopper(t, { name: 'Abe Approver' }),
    ]);
    const company = await answered<Company>(
      injectUnchecked(t, companies.create, { body: { name: 'Cent Works Ltd' } }, owner),
      201,
    );
    await addMember(t, owner, company._id, buyer, { role: 'buyer', spendingLimit: limit });
    await addMember(t, owner, company._id, approver, { role: 'approver' });
    return { owner, buyer, approver, company };
  }

  it('3 pieces at $89.50 cost $268.50 on Buy Now and checkout, on the card and on the invoice', async () => {
    const alice = await shopper(t, { name: 'Alice Cents' });
    const cable = await addProduct(t, { name: 'SFP+ cable 3 m', price: 89.5, minimum: 1 });
    expect(cable.price).toBe(89.5);

    // Buy Now (POST /order): SPEC's answer, in dollars with cents.
    const placed = await postOrder(t, alice, orderBody(cable._id, 3));
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json<{ order: Order }>();
    expect(order).toMatchObject({ unitPrice: 89.5, price: 268.5 });
    const bought = await readPurchase(alice, order.purchaseId);
    expect(bought).toMatchObject({ total: 268.5, unpaidTotal: 268.5 });
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({ unitPrice: 8950, price: 26_850 });

    // Checkout: the same price, the same total.
    const viaCart = await checkout(alice, [{ productId: cable._id, quantity: 3 }]);
    expect(viaCart.orders.map((line) => [line.unitPrice, line.price])).toEqual([[89.5, 268.5]]);
    expect(viaCart.total).toBe(268.5);

    // The card is charged 26,850 cents; the invoice says $268.50.
    const intentId = await payAtGateway(t, alice, order._id);
    expect(await intentRow(t, intentId)).toMatchObject({ amount: 26_850, currency: 'usd' });
    const recorded = await recordPayment(t, alice, order._id, intentId);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const paid = await readPurchase(alice, order.purchaseId);
    expect(paid.status).toBe('paid');
    const pdf = await injectUnchecked(
      t,
      api.purchases.invoice,
      { params: { id: paid._id } },
      alice,
    );
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractPdfText(new Uint8Array(pdf.rawPayload));
    expect(text.replace(/\s+/g, ' ')).toContain('3 $89.50 $268.50');
    expect(text).toContain('Total $268.50');
  });

  it('prices by the lowest of list, tier and contract price, each with cents', async () => {
    const { buyer, company } = await team(null);
    const stranger = await shopper(t);
    const part = await addProduct(t, {
      price: 10.5,
      minimum: 1,
      available: 10_000,
      priceTiers: [{ minQuantity: 100, price: 9.99 }],
    });
    const set = await answered<ContractPrice>(setPrice(company._id, part._id, 10.25));
    expect(set).toMatchObject({ listPrice: 10.5, price: 10.25 });
    const [row] = await t.db
      .select()
      .from(contractPrices)
      .where(eq(contractPrices.productId, part._id));
    expect(row?.price).toBe(1025);

    const lines = async (who: Shopper, quantity: number) =>
      (await checkout(who, [{ productId: part._id, quantity }])).orders.map((line) => [
        line.unitPrice,
        line.price,
      ]);
    // The contract price beats the list price; the tier beats the contract price at 100.
    expect(await lines(buyer, 10)).toEqual([[10.25, 102.5]]);
    expect(await lines(buyer, 100)).toEqual([[9.99, 999]]);
    expect(await lines(stranger, 10)).toEqual([[10.5, 105]]);
    expect(await lines(stranger, 3)).toEqual([[10.5, 31.5]]);
    // A member reading the product sees the contract price in dollars.
    const item = await answered<{ contractPrice?: number }>(
      injectUnchecked(t, api.catalog.get, { params: { id: part._id } }, buyer),
    );
    expect(item.contractPrice).toBe(10.25);
  });

  it('a spending limit of $1,000.50 takes a purchase of $1,000.50 and waits above it', async () => {
    const { buyer, approver, company } = await team(1000.5);
    const [member] = await t.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.email, buyer.email));
    expect(member?.spendingLimit).toBe(100_050);
    const atLimit = await addProduct(t, { price: 100.05, minimum: 1 });
    const above = await addProduct(t, { price: 0.01, minimum: 1 });

    // Buy Now of 10 x $100.05: exactly the limit, so it is placed, for the company.
    const placed = await postOrder(t, buyer, orderBody(atLimit._id, 10));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      order: { unitPrice: 100.05, price: 1000.5 },
      purchaseStatus: 'unpaid',
    });
    const spending = await answered<Spending>(injectUnchecked(t, companies.spending, {}, buyer));
    expect(spending).toMatchObject({ spendingLimit: 1000.5, spentThisMonth: 1000.5 });
    const company2 = await answered<Company>(
      injectUnchecked(t, companies.get, { params: { id: company._id } }, approver),
    );
    expect(company2.members.find((m) => m.email === buyer.email)).toMatchObject({
      spendingLimit: 1000.5,
      spentThisMonth: 1000.5,
    });

    // One cent more waits for approval.
    const cent = await checkout(buyer, [{ productId: above._id, quantity: 1 }]);
    expect(cent).toMatchObject({ status: 'awaiting_approval', total: 0.01 });
    expect(cent.awaitingLines.map((line) => [line.unitPrice, line.price])).toEqual([[0.01, 0.01]]);

    // Approved, it is placed at the cent it was priced at, and waits for its card payment.
    const approved = await answered<Purchase>(
      injectUnchecked(t, companies.approve, { params: { id: cent._id } }, approver),
    );
    expect(approved).toMatchObject({ status: 'unpaid', total: 0.01, unpaidTotal: 0.01 });
    expect(approved.orders.map((line) => [line.unitPrice, line.price])).toEqual([[0.01, 0.01]]);
  });

  it('answers 400 for an amount with a third decimal, and changes nothing', async () => {
    const { owner, company } = await team(500);
    const part = await addProduct(t, { price: 20 });
    const price = await setPrice(company._id, part._id, 19.999);
    expect(price.statusCode).toBe(400);
    expect(price.json<ApiErrorBody>().message).toContain(companyMessages.price);
    const limit = await injectUnchecked(
      t,
      companies.putMember,
      {
        params: { id: company._id, email: 'third@example.com' },
        body: { role: 'buyer', spendingLimit: 1000.505 },
      },
      owner,
    );
    expect(limit.statusCode).toBe(400);
    expect(limit.json<ApiErrorBody>().message).toContain(companyMessages.spendingLimit);
    const product = await injectUnchecked(
      t,
      api.catalog.update,
      { params: { id: part._id }, body: { price: 19.999 } },
      admin,
    );
    expect(product.statusCode).toBe(400);
    const item = await answered<{ price: number }>(
      injectUnchecked(t, api.catalog.get, { params: { id: part._id } }),
    );
    expect(item.price).toBe(20);
  });

  it('imports contract prices with cents, 89.50 or 89,50 in a semicolon CSV, and lists them', async () => {
    const { company } = await team(null);
    await addProduct(t, { sku: 'CENT-IMP-A', price: 99 });
    await addProduct(t, { sku: 'CENT-IMP-B', price: 99 });
    const importCsv = (csv: string, dryRun = false) =>
      injectUnchecked(
        t,
        companies.importPrices,
        { params: { id: company._id }, body: { csv, dryRun } },
        admin,
      );
    const report = await answered<ContractPriceImportReport>(
      importCsv('sku,price\nCENT-IMP-A,89.50\nCENT-IMP-B,"$1,000.05"\n'),
    );
    expect(report.set).toEqual([
      { sku: 'CENT-IMP-A', from: null, to: 89.5 },
      { sku: 'CENT-IMP-B', from: null, to: 1000.05 },
    ]);
    const semicolon = await answered<ContractPriceImportReport>(
      importCsv('sku;price\nCENT-IMP-A;88,95\n'),
    );
    expect(semicolon.set).toEqual([{ sku: 'CENT-IMP-A', from: 89.5, to: 88.95 }]);
    const refused = await importCsv('sku,price\nCENT-IMP-A,88.955\n', true);
    expect(refused.json<ContractPriceImportReport>().problems).toEqual([
      { line: 2, message: companyMessages.price },
    ]);
    const listed = await answered<{ items: ContractPrice[] }>(
      injectUnchecked(t, companies.prices, { params: { id: company._id } }, admin),
    );
    expect(listed.items.map((row) => [row.sku, row.listPrice, row.price])).toEqual([
      ['CENT-IMP-A', 99, 88.95],
      ['CENT-IMP-B', 99, 1000.05],
    ]);
  });
});
