import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, EU_COUNTRY_CODES, isCountryCode } from './country-codes.js';
import {
  shippingMessages,
  shippingMethodInputSchema,
  shippingMethodsPutSchema,
  shippingOptionsQuerySchema,
} from './shipping.js';

const method = {
  name: 'DHL Paket',
  carrier: 'DHL',
  countries: ['de', 'AT'],
  weightBands: [
    { upToKg: 2, price: 6.9 },
    { upToKg: 31.5, price: 24.9 },
  ],
  daysMin: 1,
  daysMax: 3,
};
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('shippingMethodInputSchema', () => {
  it('takes a method with bands, uppercasing countries and filling defaults', () => {
    expect(shippingMethodInputSchema.parse(method)).toEqual({
      ...method,
      countries: ['DE', 'AT'],
      flatPrice: null,
      freeAbove: null,
      active: true,
      sortOrder: 0,
    });
  });

  it('refuses both pricings, neither, and bands that do not reach further', () => {
    expect(messagesOf(shippingMethodInputSchema.safeParse({ ...method, flatPrice: 5 }))).toEqual([
      shippingMessages.onePricing,
    ]);
    expect(messagesOf(shippingMethodInputSchema.safeParse({ ...method, weightBands: [] }))).toEqual(
      [shippingMessages.onePricing],
    );
    const bands = [
      { upToKg: 5, price: 6.9 },
      { upToKg: 5, price: 9.9 },
    ];
    expect(
      messagesOf(shippingMethodInputSchema.safeParse({ ...method, weightBands: bands })),
    ).toEqual([shippingMessages.bandsAscending]);
  });

  it('refuses unknown countries, a repeated country, negative prices and days out of order', () => {
    expect(
      messagesOf(shippingMethodInputSchema.safeParse({ ...method, countries: ['EU'] })),
    ).toEqual([shippingMessages.country]);
    expect(
      messagesOf(shippingMethodInputSchema.safeParse({ ...method, countries: ['DE', 'de'] })),
    ).toEqual([shippingMessages.repeatedCountry('DE')]);
    expect(
      shippingMethodInputSchema.safeParse({ ...method, weightBands: [{ upToKg: 1, price: -1 }] })
        .success,
    ).toBe(false);
    expect(messagesOf(shippingMethodInputSchema.safeParse({ ...method, daysMin: 4 }))).toEqual([
      shippingMessages.daysOrder,
    ]);
    expect(
      shippingMethodInputSchema.safeParse({
        ...method,
        weightBands: [{ upToKg: 1.0001, price: 1 }],
      }).success,
    ).toBe(false);
  });
});

describe('shippingMethodsPutSchema', () => {
  it('refuses two methods of one name', () => {
    const result = shippingMethodsPutSchema.safeParse({
      methods: [method, { ...method, name: 'dhl paket' }],
    });
    expect(messagesOf(result)).toEqual([shippingMessages.repeatedName('dhl paket')]);
  });
});

describe('shippingOptionsQuerySchema', () => {
  it('reads country, weight and subtotal from text', () => {
    expect(
      shippingOptionsQuerySchema.parse({ country: 'de', weight: '2.5', subtotal: '99.50' }),
    ).toEqual({ country: 'DE', weight: 2.5, subtotal: 99.5 });
    expect(shippingOptionsQuerySchema.parse({ country: 'US' })).toEqual({
      country: 'US',
      weight: 0,
    });
  });

  it('refuses what is not a weight or a country', () => {
    for (const query of [
      { country: 'XX' },
      { country: 'US', weight: '-1' },
      { country: 'US', weight: '1e3' },
      { country: 'US', weight: '0.0001' },
      { country: 'US', weight: '100001' },
      { country: 'US', subtotal: '1.001' },
      { country: ['US', 'DE'] },
    ])
      expect(shippingOptionsQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('COUNTRY_CODES', () => {
  it('are the 249 assigned ISO 3166-1 alpha-2 codes and Kosovo (XK), each a region Intl knows by name', () => {
    // XK is user-assigned, but Kosovo's customers have addresses and carriers ship there.
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(COUNTRY_CODES).toContain('XK');
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    expect(COUNTRY_CODES.filter((code) => names.of(code) === code)).toEqual([]);
    expect(EU_COUNTRY_CODES).toHaveLength(27);
    expect(EU_COUNTRY_CODES.every(isCountryCode)).toBe(true);
    expect(isCountryCode('de')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
  });
});
