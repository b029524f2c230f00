import {
  api,
  NO_TAX_NOTES,
  REVERSE_CHARGE_NOTE,
  shippingMessages,
  type ApiErrorBody,
  type CheckoutPreview,
  type Company,
  type PostalAddressInput,
  type Purchase,
  type ShippingMethodInputBody,
  type ShippingMethodsSaved,
} from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema.js';
import { ChargeTables, type ChargeSettings } from './charges.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember, companyTeam } from '../../test-support/companies.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { intentRow } from '../../test-support/orders.js';
import { offeredQuote, purchaseFromQuote } from '../../test-support/quotes.js';
import {
  addProduct,
  adminShopper,
  confirmSandbox,
  intentIdOf,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';
import { startViesStandIn, type ViesStandIn } from '../../test-support/vies-stand-in.js';

/*
 * Shipping and tax on every way to buy (issue 29, docs/decisions/038): Buy Now, checkout,
 * reorder and approval charge the same shipping and tax for the same cart and destination, the
 * preview says beforehand what checkout charges, the limits count the total, and paying takes it.
 * A German seller here (VAT); a US seller with nexus states in the second part.
 */

const { companies, purchases: purchaseApi } = api;
const phone = '+49 30 1234567';
// SPEC's one-line address names no country: a sale to it is taxed as a domestic one.
const oneLine = 'Friedrichstrasse 12, 10117 Berlin';
const berlin: PostalAddressInput = {
  name: 'Goods-in',
  company: 'Northwind Systems GmbH',
  line1: 'Friedrichstrasse 12',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
};
const paris: PostalAddressInput = {
  name: 'Réception',
  line1: '8 Rue de la Paix',
  city: 'Paris',
  postalCode: '75002',
  country: 'FR',
};
const zurich: PostalAddressInput = {
  name: 'Wareneingang',
  line1: 'Bahnhofstrasse 1',
  city: 'Zürich',
  postalCode: '8001',
  country: 'CH',
};
const chicago: PostalAddressInput = {
  name: 'Receiving',
  line1: '200 W Madison St',
  city: 'Chicago',
  region: 'IL',
  postalCode: '60606',
  country: 'US',
};

const EU_METHODS: ShippingMethodInputBody[] = [
  {
    name: 'DHL Paket',
    carrier: 'DHL',
    countries: ['DE', 'FR', 'AT'],
    weightBands: [
      { upToKg: 2, price: 6.9 },
      { upToKg: 31.5, price: 16.9 },
    ],
    daysMin: 1,
    daysMax: 3,
    sortOrder: 1,
  },
  {
    name: 'DHL Express',
    carrier: 'DHL',
    countries: ['DE', 'FR'],
    flatPrice: 29.9,
    daysMin: 1,
    daysMax: 1,
    sortOrder: 2,
  },
  {
    name: 'Kuehne+Nagel Freight',
    carrier: 'Kuehne+Nagel',
    countries: ['DE', 'FR', 'CH'],
    flatPrice: 149,
    daysMin: 3,
    daysMax: 6,
    sortOrder: 3,
  },
];

type Path = 'Buy Now' | 'checkout' | 'reorder' | 'approval' | 'quote';
const PATHS: Path[] = ['Buy Now', 'checkout', 'reorder', 'approval', 'quote'];

/** The sum of the lines' charges: what the purchase's figures must add up to. */
const cents = (dollars: number) => Math.round(dollars * 100);
function expectLinesAddUp(purchase: Purchase) {
  const lines = purchase.orders.length > 0 ? purchase.orders : purchase.awaitingLines;
  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    lines.reduce((total, line) => total + cents(pick(line)), 0);
  expect(sum((line) => line.price)).toBe(cents(purchase.subtotal));
  expect(sum((line) => line.shippingCharge)).toBe(cents(purchase.shipping));
  expect(sum((line) => line.tax)).toBe(cents(purchase.tax));
  expect(cents(purchase.subtotal) + cents(purchase.shipping) + cents(purchase.tax)).toBe(
    cents(purchase.total),
  );
}

describe.each(testDatabases())('shipping and tax on every way to buy, EU seller, on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  let vies: ViesStandIn;
  let methods: ShippingMethodsSaved['methods'];
  beforeAll(async () => {
    vies = await startViesStandIn(['FR40303265045']);
    t = await buildTestApp(kind, {
      env: orderTestEnv({
        SELLER_COUNTRY: 'DE',
        SELLER_TAX_ID: 'DE136695976',
        VIES_URL: vies.url,
      }),
    });
    admin = await adminShopper(t);
    methods = (
      await answered<ShippingMethodsSaved>(
        injectUnchecked(t, api.shipping.replace, { body: { methods: EU_METHODS } }, admin),
      )
    ).methods;
  });
  afterAll(async () => {
    await t?.close();
    await vies?.close();
  });

  const methodId = (name: string) => methods.find((method) => method.name === name)!._id;
  const readPurchase = (who: Shopper, id: string) =>
    answered<Purchase>(injectUnchecked(t, purchaseApi.get, { params: { id } }, who));

  /** A company with an owner, a buyer under `limit` and an approver, buying a 0.5 kg CPU. */
  async function team(limit: number | null, taxId = 'DE136695976') {
    const [{ owner, buyer, company }, approver] = await Promise.all([
      companyTeam(t, { spendingLimit: limit, name: 'Northwind Systems GmbH', taxId }),
      shopper(t),
    ]);
    await addMember(t, owner, company._id, approver, { role: 'approver' });
    const product = await addProduct(t, {
      name: 'Ryzen 7 CPU',
      price: 139,
      available: 1000,
      weightKg: 0.5,
    });
    return { owner, buyer, approver, company, product };
  }

  /** A quote of 10 of the product, offered at `unitPrice`: its id. */
  const quoteOf10 = (who: Shopper, productId: string, unitPrice: number) =>
    offeredQuote(t, who, admin, [{ productId, quantity: 10, unitPrice }]);

  /** Buys 10 by `path`, shipped to Berlin (Buy Now: SPEC's one-line address, the same city). */
  async function buy(
    path: Path,
    who: Shopper,
    productId: string,
    approver?: Shopper,
    extra: object = {},
  ) {
    const lines = [{ productId, quantity: 10 }];
    if (path === 'Buy Now') {
      const placed = await answered<{ purchaseId: string }>(
        injectUnchecked(
          t,
          api.orders.place,
          { body: { productId, quantity: 10, number: phone, address: oneLine, ...extra } },
          who,
        ),
        201,
      );
      return readPurchase(who, placed.purchaseId);
    }
    const checkout = () =>
      answered<Purchase>(
        injectUnchecked(
          t,
          purchaseApi.checkout,
          { body: { lines, number: phone, shipTo: berlin, ...extra } },
          who,
        ),
        201,
      );
    if (path === 'checkout') return checkout();
    if (path === 'quote') {
      // Offered at the list price, so every road's figures are the same; accepted to Berlin.
      const id = await quoteOf10(who, productId, 139);
      const body = { number: phone, shipTo: berlin, ...extra };
      const purchase = await purchaseFromQuote(t, who, id, body);
      return purchase.status === 'awaiting_approval' && approver
        ? answered<Purchase>(
            injectUnchecked(t, companies.approve, { params: { id: purchase._id } }, approver),
          )
        : purchase;
    }
    if (path === 'reorder') {
      const earlier = await checkout();
      await t.db
        .update(purchases)
        .set({ createdAt: sql`now() - interval '40 days'` })
        .where(eq(purchases.id, earlier._id));
      return checkout();
    }
    const waiting = await checkout();
    expect(waiting.status).toBe('awaiting_approval');
    return answered<Purchase>(
      injectUnchecked(t, companies.approve, { params: { id: waiting._id } }, approver!),
    );
  }

  describe.each(PATHS)('%s', (path) => {
    it('charges the cheapest method to Germany and German VAT on goods and shipping', async () => {
      const { buyer, approver, product } = await team(path === 'approval' ? 100 : null);
      const purchase = await buy(path, buyer, product._id, approver);
      // 10 x $139 = $1,390.00; 5 kg by DHL Paket $16.90; VAT 19 %: $264.10 + $3.21.
      expect(purchase).toMatchObject({
        status: 'unpaid',
        subtotal: 1390,
        shipping: 16.9,
        tax: 267.31,
        total: 1674.21,
        unpaidTotal: 1674.21,
        currency: 'USD',
        shippingMethod: { name: 'DHL Paket', carrier: 'DHL', days: { min: 1, max: 3 } },
        taxLines: [{ name: 'VAT DE 19 %', rate: 0.19, base: 1406.9, amount: 267.31 }],
        reverseCharge: false,
        taxNote: null,
      });
      expectLinesAddUp(purchase);
    });
  });

  it.each(['Buy Now', 'checkout', 'reorder', 'quote'] as const)(
    '%s counts shipping and tax toward the spending limit',
    async (path) => {
      // $1,500 a month: the goods ($1,390) fit, the total ($1,674.21) does not.
      const { buyer, product } = await team(1500);
      const purchase = await buy(path, buyer, product._id);
      expect(purchase.status).toBe('awaiting_approval');
      expect(purchase.total).toBe(1674.21);
      expectLinesAddUp(purchase);
    },
  );

  const netTerms = (companyId: string, creditLimit: number) =>
    answered(
      injectUnchecked(
        t,
        companies.putTerms,
        { params: { id: companyId }, body: { paymentTerms: 'net30', creditLimit, onHold: false } },
        admin,
      ),
    );

  it.each(PATHS)(
    '%s on account charges the total with shipping and tax to the credit',
    async (path) => {
      const { buyer, approver, company, product } = await team(path === 'approval' ? 100 : null);
      await netTerms(company._id, 4000);
      const purchase = await buy(path, buyer, product._id, approver, { paymentMethod: 'account' });
      expect(purchase).toMatchObject({ status: 'on_account', total: 1674.21, amountDue: 1674.21 });
      expectLinesAddUp(purchase);
      const times = path === 'reorder' ? 2 : 1;
      const account = await answered<{ balance: number }>(
        injectUnchecked(t, companies.account, { params: { id: company._id } }, admin),
      );
      expect(account.balance).toBe(Math.round(167_421 * times) / 100);
    },
  );

  it.each(['Buy Now', 'checkout'] as const)(
    '%s on account: the credit counts shipping and tax',
    async (path) => {
      // $1,600 of credit: the goods ($1,390) fit, the total ($1,674.21) does not.
      const { buyer, company, product } = await team(null);
      await netTerms(company._id, 1600);
      const body =
        path === 'Buy Now'
          ? { productId: product._id, quantity: 10, number: phone, address: oneLine }
          : { lines: [{ productId: product._id, quantity: 10 }], number: phone, shipTo: berlin };
      const refused = await answered<{ available: number }>(
        injectUnchecked(
          t,
          path === 'Buy Now' ? api.orders.place : purchaseApi.checkout,
          { body: { ...body, paymentMethod: 'account' } },
          buyer,
        ),
        409,
      );
      expect(refused.available).toBe(1600);
    },
  );

  it('paying the purchase takes its total; paying one line alone takes that line’s total', async () => {
    const { buyer, product } = await team(null);
    const other = await addProduct(t, { price: 40, available: 100, weightKg: 1 });
    const cart = {
      lines: [
        { productId: product._id, quantity: 10 },
        { productId: other._id, quantity: 3 },
      ],
      number: phone,
      shipTo: berlin,
    };
    const purchase = await answered<Purchase>(
      injectUnchecked(t, purchaseApi.checkout, { body: cart }, buyer),
      201,
    );
    expectLinesAddUp(purchase);
    const [cpu, second] = purchase.orders;
    // One line alone: its goods, its share of shipping and its tax.
    const single = await answered<{ clientSecret: string }>(
      injectUnchecked(t, api.payments.createIntent, { body: { orderId: second!._id } }, buyer),
    );
    expect((await intentRow(t, intentIdOf(single.clientSecret)))?.amount).toBe(
      cents(second!.total),
    );
    // The whole purchase: its total, to the cent.
    const whole = await answered<{ clientSecret: string }>(
      injectUnchecked(t, api.payments.createIntent, { body: { purchaseId: purchase._id } }, buyer),
    );
    expect((await intentRow(t, intentIdOf(whole.clientSecret)))?.amount).toBe(
      cents(purchase.total),
    );
    expect(cents(cpu!.total) + cents(second!.total)).toBe(cents(purchase.total));
    const confirmed = await confirmSandbox(t, whole.clientSecret);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const paid = await answered<Purchase>(
      injectUnchecked(
        t,
        purchaseApi.recordPayment,
        { params: { id: purchase._id }, body: { transactionId: intentIdOf(whole.clientSecret) } },
        buyer,
      ),
    );
    expect(paid).toMatchObject({ status: 'paid', unpaidTotal: 0, total: purchase.total });
    expect(paid.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a cancelled line takes its shipping share and tax with it', async () => {
    const { buyer, product } = await team(null);
    const other = await addProduct(t, { price: 40, available: 100, weightKg: 1 });
    const purchase = await answered<Purchase>(
      injectUnchecked(
        t,
        purchaseApi.checkout,
        {
          body: {
            lines: [
              { productId: product._id, quantity: 10 },
              { productId: other._id, quantity: 3 },
            ],
            number: phone,
            shipTo: berlin,
          },
        },
        buyer,
      ),
      201,
    );
    const second = purchase.orders[1]!;
    await answered(injectUnchecked(t, api.orders.cancel, { params: { id: second._id } }, buyer));
    const after = await readPurchase(buyer, purchase._id);
    expect(cents(after.total)).toBe(cents(purchase.total) - cents(second.total));
    expectLinesAddUp(after);
  });

  it('the preview says what checkout charges, with the methods to choose from', async () => {
    const { buyer, product } = await team(null);
    const body = {
      lines: [{ productId: product._id, quantity: 10 }],
      number: phone,
      shipTo: berlin,
    };
    const preview = await answered<CheckoutPreview>(
      injectUnchecked(t, purchaseApi.preview, { body }, buyer),
    );
    expect(preview.shippingOptions.map((option) => [option.name, option.price])).toEqual([
      ['DHL Paket', 16.9],
      ['DHL Express', 29.9],
      ['Kuehne+Nagel Freight', 149],
    ]);
    const placed = await answered<Purchase>(
      injectUnchecked(t, purchaseApi.checkout, { body }, buyer),
      201,
    );
    expect(preview).toMatchObject({
      subtotal: placed.subtotal,
      shipping: placed.shipping,
      tax: placed.tax,
      total: placed.total,
      taxLines: placed.taxLines,
      shippingMethod: placed.shippingMethod,
    });
    expect(preview.lines.map((line) => line.tax)).toEqual(placed.orders.map((o) => o.tax));

    // Express, chosen: its price, taxed the same.
    const express = { ...body, shippingMethod: methodId('DHL Express') };
    const expressPreview = await answered<CheckoutPreview>(
      injectUnchecked(t, purchaseApi.preview, { body: express }, buyer),
    );
    const expressPlaced = await answered<Purchase>(
      injectUnchecked(t, purchaseApi.checkout, { body: express }, buyer),
      201,
    );
    // $1,390 + $29.90 + VAT ($264.10 + $5.68).
    expect(expressPlaced).toMatchObject({ shipping: 29.9, tax: 269.78, total: 1689.68 });
    expect(expressPreview.total).toBe(expressPlaced.total);
    expect(expressPlaced.shippingMethod?.name).toBe('DHL Express');
  });

  it("a quote's preview says what accepting it charges, at the offered price and the chosen method", async () => {
    const { buyer, product } = await team(null);
    const id = await quoteOf10(buyer, product._id, 120);
    const body = { number: phone, shipTo: berlin, shippingMethod: methodId('DHL Express') };
    const preview = await answered<CheckoutPreview>(
      injectUnchecked(t, api.quotes.preview, { params: { id }, body }, buyer),
    );
    // $1,200 + $29.90 + VAT 19 % ($228.00 + $5.68).
    expect(preview).toMatchObject({ subtotal: 1200, shipping: 29.9, tax: 233.68, total: 1463.58 });
    expect(preview.shippingOptions.map((option) => option.name)).toEqual([
      'DHL Paket',
      'DHL Express',
      'Kuehne+Nagel Freight',
    ]);
    const purchase = await purchaseFromQuote(t, buyer, id, body);
    expect(purchase).toMatchObject({
      subtotal: preview.subtotal,
      shipping: preview.shipping,
      tax: preview.tax,
      total: preview.total,
      taxLines: preview.taxLines,
      shippingMethod: preview.shippingMethod,
    });
    expectLinesAddUp(purchase);
  });

  it('a French company with a VAT id VIES confirms: reverse charge, no VAT, the note', async () => {
    const { buyer, product } = await team(null, 'FR40303265045');
    const purchase = await answered<Purchase>(
      injectUnchecked(
        t,
        purchaseApi.checkout,
        {
          body: { lines: [{ productId: product._id, quantity: 10 }], number: phone, shipTo: paris },
        },
        buyer,
      ),
      201,
    );
    expect(purchase).toMatchObject({
      subtotal: 1390,
      shipping: 16.9,
      tax: 0,
      total: 1406.9,
      reverseCharge: true,
      taxNote: REVERSE_CHARGE_NOTE,
      taxLines: [{ name: 'VAT reverse charge 0 %', rate: 0, base: 1406.9, amount: 0 }],
    });
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'FR', vatNumber: '40303265045' });
  });

  it('when VIES does not answer, the French company is charged French VAT, never a silent zero', async () => {
    const { buyer, product } = await team(null, 'FR40303265045');
    vies.silent = true;
    try {
      const purchase = await answered<Purchase>(
        injectUnchecked(
          t,
          purchaseApi.checkout,
          {
            body: {
              lines: [{ productId: product._id, quantity: 10 }],
              number: phone,
              shipTo: paris,
            },
          },
          buyer,
        ),
        201,
      );
      // VAT FR 20 %: $278.00 + $3.38.
      expect(purchase).toMatchObject({ reverseCharge: false, tax: 281.38, total: 1688.28 });
      expect(purchase.taxLines.map((line) => line.name)).toEqual(['VAT FR 20 %']);
    } finally {
      vies.silent = false;
    }
  });

  it('a French consumer pays French VAT (OSS); a Swiss export pays none, by freight', async () => {
    const loner = await shopper(t);
    const product = await addProduct(t, { price: 139, available: 100, weightKg: 0.5 });
    const line = [{ productId: product._id, quantity: 10 }];
    const french = await answered<Purchase>(
      injectUnchecked(
        t,
        purchaseApi.checkout,
        { body: { lines: line, number: phone, shipTo: paris } },
        loner,
      ),
      201,
    );
    expect(french.taxLines.map((l) => l.name)).toEqual(['VAT FR 20 %']);
    expect(french.tax).toBe(281.38);
    const swiss = await answered<Purchase>(
      injectUnchecked(
        t,
        purchaseApi.checkout,
        { body: { lines: line, number: phone, shipTo: zurich } },
        loner,
      ),
      201,
    );
    expect(swiss).toMatchObject({
      shipping: 149,
      tax: 0,
      taxLines: [],
      taxNote: NO_TAX_NOTES.export,
      total: 1539,
      shippingMethod: { name: 'Kuehne+Nagel Freight' },
    });
  });

  it('refuses a method that does not go there, and a destination no method serves, placing nothing', async () => {
    const loner = await shopper(t);
    const product = await addProduct(t, { price: 139, available: 100, weightKg: 0.5 });
    const lines = [{ productId: product._id, quantity: 10 }];
    const wrong = await injectUnchecked(
      t,
      purchaseApi.checkout,
      { body: { lines, number: phone, shipTo: zurich, shippingMethod: methodId('DHL Express') } },
      loner,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiErrorBody>().message).toBe(shippingMessages.methodDoesNotServe);
    for (const endpoint of [purchaseApi.checkout, purchaseApi.preview]) {
      const nowhere = await injectUnchecked(
        t,
        endpoint,
        { body: { lines, number: phone, shipTo: chicago } },
        loner,
      );
      expect(nowhere.statusCode).toBe(400);
      expect(nowhere.json<ApiErrorBody>().message).toBe(shippingMessages.noMethodServes('US'));
    }
    const listed = await answered<{ total: number }>(
      injectUnchecked(t, purchaseApi.listOwn, { query: {} }, loner),
    );
    expect(listed.total).toBe(0);
  });
});

describe.each(testDatabases())('sales tax on every way to buy, US seller, on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: orderTestEnv({ SELLER_COUNTRY: 'US', TAX_NEXUS_STATES: 'IL,CA' }),
    });
    admin = await adminShopper(t);
    await answered(
      injectUnchecked(
        t,
        api.tax.replaceRates,
        {
          body: {
            rates: [
              { region: 'IL', rate: 0.0625 },
              { region: 'CA', rate: 0.0725 },
            ],
          },
        },
        admin,
      ),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('charges a nexus state’s rate, none with an approved certificate, again once it expired', async () => {
    const owner = await shopper(t);
    const company = await answered<Company>(
      injectUnchecked(t, companies.create, { body: { name: 'Lakeside Resellers Inc.' } }, owner),
      201,
    );
    const product = await addProduct(t, { price: 80, available: 100 });
    const body = {
      lines: [{ productId: product._id, quantity: 10 }],
      number: '+1 312 555 0100',
      shipTo: chicago,
    };
    const taxed = await answered<Purchase>(
      injectUnchecked(t, purchaseApi.checkout, { body }, owner),
      201,
    );
    // No shipping methods: no shipping; IL 6.25 % of $800 = $50.00.
    expect(taxed).toMatchObject({
      shipping: 0,
      shippingMethod: null,
      tax: 50,
      total: 850,
      taxLines: [{ name: 'Sales tax IL 6.25 %', rate: 0.0625, base: 800, amount: 50 }],
    });

    const year = new Date().getUTCFullYear();
    const certificate = await answered<{ _id: string }>(
      injectUnchecked(
        t,
        api.tax.createExemption,
        {
          params: { id: company._id },
          body: {
            region: 'IL',
            certificateNumber: 'IL-RESALE-0042',
            expiresOn: `${year + 1}-12-31`,
            file: '/uploads/0123456789abcdef01234567.pdf',
          },
        },
        owner,
      ),
      201,
    );
    await answered(
      injectUnchecked(
        t,
        api.tax.reviewExemption,
        { params: { id: certificate._id }, body: { status: 'approved' } },
        admin,
      ),
    );
    const exempt = await answered<Purchase>(
      injectUnchecked(t, purchaseApi.checkout, { body }, owner),
      201,
    );
    expect(exempt).toMatchObject({
      tax: 0,
      total: 800,
      taxLines: [],
      taxNote: NO_TAX_NOTES.us_exempt,
    });

    // Expired yesterday: it no longer exempts.
    await t.db.execute(
      sql`update tax_exemptions set expires_on = current_date - 1 where id = ${certificate._id}`,
    );
    const expired = await answered<Purchase>(
      injectUnchecked(t, purchaseApi.checkout, { body }, owner),
      201,
    );
    expect(expired.tax).toBe(50);
  });

  it('reads the methods, rates and certificates once per buying transaction, not per purchase', async () => {
    const owner = await shopper(t);
    const company = await answered<Company>(
      injectUnchecked(t, companies.create, { body: { name: 'Once Read Ltd' } }, owner),
      201,
    );
    const settings = {
      sellerCountry: 'US',
      sellerTaxId: null,
      nexusStates: ['IL'],
      timeZone: 'UTC',
    };
    await t.db.transaction(async (tx) => {
      const tables = new ChargeTables(tx, settings as ChargeSettings);
      // The same rows, not a second read of them: a batch charges up to 250 purchases.
      const methods = await tables.activeMethods();
      expect(await tables.activeMethods()).toBe(methods);
      const rates = await tables.usRates();
      expect(rates).toMatchObject({ IL: 0.0625 });
      expect(await tables.usRates()).toBe(rates);
      const exemptions = await tables.exemptionsOf(company._id, '2026-11-28');
      expect(await tables.exemptionsOf(company._id, '2026-11-28')).toBe(exemptions);
    });
  });

  it('charges nothing in a state without nexus, nor on SPEC’s one-line address (no state)', async () => {
    const loner = await shopper(t);
    const product = await addProduct(t, { price: 80, available: 100 });
    const texas = await answered<Purchase>(
      injectUnchecked(
        t,
        purchaseApi.checkout,
        {
          body: {
            lines: [{ productId: product._id, quantity: 1 }],
            number: '+1 512 555 0100',
            shipTo: { ...chicago, city: 'Austin', region: 'TX', postalCode: '78701' },
          },
        },
        loner,
      ),
      201,
    );
    expect(texas).toMatchObject({ tax: 0, total: 80, taxNote: NO_TAX_NOTES.us_no_nexus });
    const placed = await answered<{ purchaseId: string }>(
      injectUnchecked(
        t,
        api.orders.place,
        {
          body: {
            productId: product._id,
            quantity: 1,
            number: '+1 512 555 0100',
            address: '1200 Congress Ave, Austin',
          },
        },
        loner,
      ),
      201,
    );
    const buyNow = await answered<Purchase>(
      injectUnchecked(t, purchaseApi.get, { params: { id: placed.purchaseId } }, loner),
    );
    expect(buyNow).toMatchObject({ tax: 0, total: 80, taxLines: [] });
  });
});
