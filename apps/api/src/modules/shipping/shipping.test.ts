import {
  api,
  describeAuditChange,
  shippingMessages,
  type ApiErrorBody,
  type AuditPage,
  type ShippingMethod,
  type ShippingMethodInputBody,
  type ShippingMethodsSaved,
  type ShippingOption,
} from '@shop/shared';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { adminShopper, orderTestEnv, shopper, type Shopper } from '../../test-support/shop.js';
import { shippingMethods } from '../../db/schema.js';

const { shipping } = api;

const ground: ShippingMethodInputBody = {
  name: 'UPS Ground',
  carrier: 'UPS',
  countries: ['US'],
  weightBands: [
    { upToKg: 5, price: 12.5 },
    { upToKg: 30, price: 24.9 },
    { upToKg: 70, price: 49 },
  ],
  freeAbove: 500,
  daysMin: 1,
  daysMax: 5,
  sortOrder: 1,
};
const express: ShippingMethodInputBody = {
  name: 'UPS Express',
  carrier: 'UPS',
  countries: ['US', 'CA'],
  flatPrice: 39.95,
  daysMin: 1,
  daysMax: 2,
  sortOrder: 2,
};
const paket: ShippingMethodInputBody = {
  name: 'DHL Paket',
  carrier: 'DHL',
  countries: ['DE', 'AT', 'FR'],
  weightBands: [
    { upToKg: 2, price: 6.9 },
    { upToKg: 31.5, price: 16.9 },
  ],
  daysMin: 2,
  daysMax: 4,
  sortOrder: 3,
};

/**
 * Shipping methods (DESIGN section 9, issue 29 item 2; decision 036): the admin's list, replaced
 * as a whole and audited, and the priced options anyone may ask for a destination and weight.
 */
describe.each(testDatabases())('shipping methods on %s', (kind) => {
  let t: TestApp;
  let boss: Shopper;
  let customer: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    boss = await adminShopper(t);
    customer = await shopper(t, { name: 'Cara Customer' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (methods: object[], who: Shopper = boss) =>
    injectUnchecked(t, shipping.replace, { body: { methods } }, who);
  const saved = async (methods: object[]) =>
    (await answered<ShippingMethodsSaved>(put(methods))).methods;
  const options = (query: Record<string, string>) =>
    injectUnchecked(t, shipping.options, { query });
  const optionsOf = (query: Record<string, string>) => answered<ShippingOption[]>(options(query));
  const byName = (methods: ShippingMethod[], name: string) =>
    methods.find((method) => method.name === name)!;
  const auditOf = async () =>
    (
      await answered<AuditPage>(
        injectUnchecked(t, api.audit.list, { query: { limit: '20' } }, boss),
      )
    ).items.filter((entry) => entry.targetType === 'shipping_method');

  it('keeps the list an admin puts, in dollars, and answers it to GET', async () => {
    const methods = await saved([paket, express, ground]);
    expect(methods.map((method) => method.name)).toEqual([
      'UPS Ground',
      'UPS Express',
      'DHL Paket',
    ]);
    expect(byName(methods, 'UPS Ground')).toEqual({
      _id: expect.any(String),
      ...ground,
      flatPrice: null,
      active: true,
    });
    expect(byName(methods, 'UPS Express')).toMatchObject({ flatPrice: 39.95, weightBands: [] });
    const listed = await answered<ShippingMethod[]>(injectUnchecked(t, shipping.list, {}, boss));
    expect(listed).toEqual(methods);
    // Cents inside (decision 027).
    const rows = await t.db.select().from(shippingMethods);
    expect(rows.find((row) => row.name === 'UPS Express')?.flatPrice).toBe(3995);
    expect(rows.find((row) => row.name === 'UPS Ground')?.weightBands[0]).toEqual({
      upToKg: 5,
      price: 1250,
    });
  });

  it('lists the methods that serve a destination and weight, priced, cheapest first', async () => {
    await saved([ground, express, paket]);
    expect(await optionsOf({ country: 'US', weight: '4' })).toEqual([
      {
        _id: expect.any(String),
        name: 'UPS Ground',
        carrier: 'UPS',
        price: 12.5,
        days: { min: 1, max: 5 },
      },
      {
        _id: expect.any(String),
        name: 'UPS Express',
        carrier: 'UPS',
        price: 39.95,
        days: { min: 1, max: 2 },
      },
    ]);
    // At a band's limit the parcel is in that band; one gram more is in the next.
    expect((await optionsOf({ country: 'us', weight: '5' }))[0]?.price).toBe(12.5);
    expect((await optionsOf({ country: 'US', weight: '5.001' }))[0]?.price).toBe(24.9);
    // Heavier than Ground's last band: only the flat-priced Express is left.
    expect((await optionsOf({ country: 'US', weight: '70.5' })).map((o) => o.name)).toEqual([
      'UPS Express',
    ]);
    expect((await optionsOf({ country: 'DE' })).map((o) => [o.name, o.price])).toEqual([
      ['DHL Paket', 6.9],
    ]);
    expect(await optionsOf({ country: 'JP', weight: '1' })).toEqual([]);
  });

  it('ships free at or above the threshold when the subtotal is given, and not without it', async () => {
    await saved([ground, express]);
    const price = async (query: Record<string, string>) =>
      (await optionsOf({ country: 'US', weight: '10', ...query })).find(
        (option) => option.name === 'UPS Ground',
      )?.price;
    expect(await price({})).toBe(24.9);
    expect(await price({ subtotal: '499.99' })).toBe(24.9);
    expect(await price({ subtotal: '500' })).toBe(0);
    expect(await price({ subtotal: '12000.50' })).toBe(0);
  });

  it('updates methods by _id, adds new ones, removes those left out, and audits each change', async () => {
    const before = await saved([ground, express]);
    const groundId = byName(before, 'UPS Ground')._id;
    const after = await saved([
      { ...ground, _id: groundId, weightBands: [{ upToKg: 30, price: 19.5 }], freeAbove: null },
      paket,
    ]);
    expect(after.map((method) => method.name)).toEqual(['UPS Ground', 'DHL Paket']);
    expect(byName(after, 'UPS Ground')).toMatchObject({
      _id: groundId,
      weightBands: [{ upToKg: 30, price: 19.5 }],
      freeAbove: null,
    });
    const audit = (await auditOf()).slice(0, 3);
    expect(audit.map((entry) => [entry.action, entry.targetLabel]).sort()).toEqual([
      ['shipping.create', 'DHL Paket'],
      ['shipping.delete', 'UPS Express'],
      ['shipping.update', 'UPS Ground'],
    ]);
    const update = audit.find((entry) => entry.action === 'shipping.update')!;
    expect(update.details).toEqual({
      changes: {
        weightBands: {
          from: ground.weightBands,
          to: [{ upToKg: 30, price: 19.5 }],
        },
        freeAbove: { from: 500, to: null },
      },
    });
    expect(describeAuditChange(update)).toBe(
      'Weight bands up to 5 kg $12.50, up to 30 kg $24.90, up to 70 kg $49.00 -> up to 30 kg $19.50; Free above $500.00 -> never',
    );
    // The same list again changes nothing and records nothing.
    const count = (await auditOf()).length;
    await saved(after);
    expect((await auditOf()).length).toBe(count);
  });

  it('stops offering a deactivated method and keeps it in the admin list', async () => {
    const methods = await saved([ground, express]);
    await saved(methods.map((method) => ({ ...method, active: method.name !== 'UPS Express' })));
    expect((await optionsOf({ country: 'US', weight: '1' })).map((o) => o.name)).toEqual([
      'UPS Ground',
    ]);
    const listed = await answered<ShippingMethod[]>(injectUnchecked(t, shipping.list, {}, boss));
    expect(byName(listed, 'UPS Express').active).toBe(false);
  });

  it('refuses invalid lists with a clear 400 and changes nothing', async () => {
    const kept = await saved([ground]);
    const refused = async (methods: object[], message: string) => {
      const response = await put(methods);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().message).toContain(message);
    };
    await refused(
      [
        {
          ...paket,
          weightBands: [
            { upToKg: 5, price: 6 },
            { upToKg: 2, price: 9 },
          ],
        },
      ],
      shippingMessages.bandsAscending,
    );
    await refused([{ ...express, flatPrice: -1 }], 'dollars');
    await refused([{ ...express, countries: ['US', 'XX'] }], shippingMessages.country);
    await refused([{ ...express, weightBands: paket.weightBands }], shippingMessages.onePricing);
    await refused([{ ...express, daysMin: 3, daysMax: 2 }], shippingMessages.daysOrder);
    await refused([express, { ...express }], shippingMessages.repeatedName('UPS Express'));
    await refused(
      [{ ...express, _id: '00000000-0000-4000-8000-000000000001' }],
      shippingMessages.unknownMethod,
    );
    await refused(
      Array.from({ length: 101 }, (_, n) => ({ ...express, name: `M${n}` })),
      shippingMessages.tooMany,
    );
    const listed = await answered<ShippingMethod[]>(injectUnchecked(t, shipping.list, {}, boss));
    expect(listed).toEqual(kept);
  });

  it('refuses a query that is not a destination, a weight or a subtotal', async () => {
    for (const query of <Record<string, string>[]>[
      {},
      { country: 'XX' },
      { country: 'US', weight: '-1' },
      { country: 'US', weight: 'heavy' },
      { country: 'US', weight: '100001' },
      { country: 'US', subtotal: '1.005' },
      { country: 'US', extra: '1' },
    ]) {
      const response = await options(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('lets only admins read and replace the list', async () => {
    expect((await injectUnchecked(t, shipping.list, {})).statusCode).toBe(401);
    expect((await injectUnchecked(t, shipping.list, {}, customer)).statusCode).toBe(403);
    expect((await put([ground], customer)).statusCode).toBe(403);
    expect((await injectUnchecked(t, shipping.replace, { body: { methods: [] } })).statusCode).toBe(
      401,
    );
  });

  it('empties the list, after which no method serves anyone', async () => {
    expect(await saved([])).toEqual([]);
    expect(await optionsOf({ country: 'US', weight: '1' })).toEqual([]);
  });
});
