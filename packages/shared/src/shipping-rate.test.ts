import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  deliveryEstimate,
  formatWeight,
  parcelWeightKg,
  shippingRate,
  transitText,
  type ShippingMethodTerms,
} from './shipping-rate.js';

const flat: ShippingMethodTerms = {
  countries: ['US'],
  flatPrice: 1495,
  weightBands: [],
  freeAbove: null,
};
const banded: ShippingMethodTerms = {
  countries: ['DE', 'FR'],
  flatPrice: null,
  weightBands: [
    { upToKg: 2, price: 690 },
    { upToKg: 10, price: 1190 },
    { upToKg: 31.5, price: 2490 },
  ],
  freeAbove: 50000,
};
const to = (country: string, weightKg: number, subtotalCents = 1000) => ({
  country,
  weightKg,
  subtotalCents,
});

describe('shippingRate', () => {
  it('charges a flat price whatever the weight', () => {
    expect(shippingRate(flat, to('US', 0.2))).toBe(1495);
    expect(shippingRate(flat, to('US', 900))).toBe(1495);
  });

  it('charges the first weight band the parcel fits in', () => {
    expect(shippingRate(banded, to('DE', 1.5))).toBe(690);
    expect(shippingRate(banded, to('FR', 7))).toBe(1190);
    expect(shippingRate(banded, to('DE', 31))).toBe(2490);
  });

  it("counts a parcel of exactly a band's limit in that band, and one gram more in the next", () => {
    expect(shippingRate(banded, to('DE', 2))).toBe(690);
    expect(shippingRate(banded, to('DE', 2.001))).toBe(1190);
    expect(shippingRate(banded, to('DE', 10))).toBe(1190);
    // A sum of line weights in floating point: 0.1 + 0.2 + 1.7 is 2.0000000000000004 kg.
    expect(shippingRate(banded, to('DE', 0.1 + 0.2 + 1.7))).toBe(690);
  });

  it('does not serve a parcel heavier than its last band', () => {
    expect(shippingRate(banded, to('DE', 31.5))).toBe(2490);
    expect(shippingRate(banded, to('DE', 31.501))).toBeNull();
  });

  it('ships free at or above the free-shipping threshold, and charges one cent below it', () => {
    expect(shippingRate(banded, to('DE', 5, 50000))).toBe(0);
    expect(shippingRate(banded, to('DE', 5, 49999))).toBe(1190);
    expect(shippingRate({ ...flat, freeAbove: 0 }, to('US', 5, 0))).toBe(0);
  });

  it('does not serve another country, even free above the threshold', () => {
    expect(shippingRate(flat, to('CA', 1))).toBeNull();
    expect(shippingRate(banded, to('US', 1, 99999999))).toBeNull();
  });

  it('does not serve when the method is inactive', () => {
    expect(shippingRate({ ...flat, active: false }, to('US', 1))).toBeNull();
    expect(shippingRate({ ...flat, active: true }, to('US', 1))).toBe(1495);
  });

  it('charges the first band for a parcel of 0 kg', () => {
    expect(shippingRate(banded, to('DE', 0))).toBe(690);
    expect(shippingRate(flat, to('US', 0))).toBe(1495);
  });

  it('refuses a negative or non-finite weight and a subtotal that is not whole cents', () => {
    expect(() => shippingRate(flat, to('US', -1))).toThrow(RangeError);
    expect(() => shippingRate(flat, to('US', Number.NaN))).toThrow(RangeError);
    expect(() => shippingRate(flat, to('US', 1, 10.5))).toThrow(RangeError);
  });
});

describe('parcelWeightKg', () => {
  it('sums weight times quantity exactly, in grams', () => {
    expect(parcelWeightKg([])).toBe(0);
    expect(
      parcelWeightKg([
        { weightKg: 0.1, quantity: 3 },
        { weightKg: 0.2, quantity: 1 },
        { weightKg: 18.5, quantity: 2 },
      ]),
    ).toBe(37.5);
    expect(parcelWeightKg([{ weightKg: 0.012, quantity: 250 }])).toBe(3);
  });
});

describe('deliveryEstimate', () => {
  // 2026-11-27 is a Friday.
  const friday = new Date('2026-11-27T15:30:00Z');

  it('counts business days, skipping the weekend', () => {
    expect(deliveryEstimate({ min: 1, max: 3 }, friday)).toEqual({
      earliest: '2026-11-30',
      latest: '2026-12-02',
    });
    expect(deliveryEstimate({ min: 5, max: 5 }, new Date('2026-11-23T00:00:00Z'))).toEqual({
      earliest: '2026-11-30',
      latest: '2026-11-30',
    });
  });

  it('counts from the Monday after a weekend day, and 0 days is that day', () => {
    expect(addBusinessDays(new Date('2026-11-28T10:00:00Z'), 0).toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
    expect(addBusinessDays(new Date('2026-11-29T10:00:00Z'), 1).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    expect(addBusinessDays(friday, 0).toISOString()).toBe('2026-11-27T00:00:00.000Z');
  });

  it('spans weeks for sea freight', () => {
    expect(deliveryEstimate({ min: 20, max: 35 }, friday)).toEqual({
      earliest: '2026-12-25',
      latest: '2027-01-15',
    });
  });

  it('refuses a negative or fractional number of days', () => {
    expect(() => addBusinessDays(friday, -1)).toThrow(RangeError);
    expect(() => addBusinessDays(friday, 1.5)).toThrow(RangeError);
  });
});

describe('transitText', () => {
  it('says the days in words', () => {
    expect(transitText({ min: 2, max: 5 })).toBe('2-5 business days');
    expect(transitText({ min: 1, max: 1 })).toBe('1 business day');
    expect(transitText({ min: 3, max: 3 })).toBe('3 business days');
  });
});

describe('formatWeight', () => {
  it('writes grams below a kilogram and kilograms from one', () => {
    expect(formatWeight(0.45)).toBe('450 g');
    expect(formatWeight(1)).toBe('1 kg');
    expect(formatWeight(1.25)).toBe('1.25 kg');
    expect(formatWeight(1250.5)).toBe('1,250.5 kg');
  });
});
