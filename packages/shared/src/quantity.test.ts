import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { MAX_ORDER_TOTAL } from './constants.js';
import { priceTermsInCents } from './pricing.js';
import {
  checkQuantity,
  nearestValidQuantity,
  quantityLimitRefusal,
  quantityMessages,
  type QuantityTerms,
} from './quantity.js';

const terms: QuantityTerms = { minimum: 50, available: 1000, price: 10 };

describe('checkQuantity', () => {
  it('accepts the minimum, the whole stock and everything between, with the total', () => {
    expect(checkQuantity({ ...terms, quantity: 50 })).toEqual({
      ok: true,
      quantity: 50,
      unitPrice: 10,
      total: 500,
    });
    expect(checkQuantity({ ...terms, quantity: 1000 })).toMatchObject({ ok: true, total: 10_000 });
  });

  it('refuses more than the stock with "Unavailable Quantity."', () => {
    expect(checkQuantity({ ...terms, quantity: 1001 })).toEqual({
      ok: false,
      problem: 'unavailable',
      message: messages.unavailableQuantity,
    });
  });

  it('refuses less than the minimum with "Minimum {n} Pieces Needed."', () => {
    for (const quantity of [49, 1, 0, -5]) {
      expect(checkQuantity({ ...terms, quantity })).toEqual({
        ok: false,
        problem: 'belowMinimum',
        message: messages.minimumQuantity(50),
      });
    }
  });

  it('checks the stock before the minimum, as SPEC lists them, when the stock is below the minimum', () => {
    const short = { ...terms, minimum: 50, available: 20 };
    // The quantity the purchase page starts at, the minimum, is refused for the stock.
    expect(checkQuantity({ ...short, quantity: 50 })).toMatchObject({
      problem: 'unavailable',
      message: messages.unavailableQuantity,
    });
    // What the stock allows is still below the minimum.
    expect(checkQuantity({ ...short, quantity: 20 })).toMatchObject({
      problem: 'belowMinimum',
      message: messages.minimumQuantity(50),
    });
  });

  it('refuses fractions and numbers that are not whole', () => {
    for (const quantity of [60.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(checkQuantity({ ...terms, quantity })).toEqual({
        ok: false,
        problem: 'notWhole',
        message: quantityMessages.notWhole,
      });
    }
  });

  it('never accepts fewer than one piece, whatever the minimum', () => {
    expect(checkQuantity({ ...terms, minimum: 0, quantity: 0 })).toEqual({
      ok: false,
      problem: 'belowMinimum',
      message: messages.minimumQuantity(1),
    });
  });

  it('refuses a total above what one card payment can carry, and takes one exactly at it', () => {
    const pricey = { minimum: 1, available: 10, price: MAX_ORDER_TOTAL };
    expect(checkQuantity({ ...pricey, quantity: 1 })).toMatchObject({ ok: true });
    expect(checkQuantity({ ...pricey, quantity: 2 })).toEqual({
      ok: false,
      problem: 'totalTooHigh',
      message: quantityMessages.totalTooHigh(2 * MAX_ORDER_TOTAL),
    });
    expect(quantityMessages.totalTooHigh(100_000_000)).toBe(
      'The order total of $1,000,000 is above the card payment limit of $999,999.99. Please order fewer pieces.',
    );
  });

  it('refuses a quantity that is not a whole number of packs: "Order in multiples of 10."', () => {
    const boxed = { ...terms, minimum: 20, increment: 10 };
    expect(checkQuantity({ ...boxed, quantity: 20 })).toMatchObject({ ok: true });
    expect(checkQuantity({ ...boxed, quantity: 30 })).toMatchObject({ ok: true });
    expect(checkQuantity({ ...boxed, quantity: 25 })).toEqual({
      ok: false,
      problem: 'notMultiple',
      message: 'Order in multiples of 10.',
    });
  });

  it('refuses more than the maximum per order: "At most 50 pieces per order."', () => {
    const capped = { ...terms, minimum: 10, maximum: 50 };
    expect(checkQuantity({ ...capped, quantity: 50 })).toMatchObject({ ok: true });
    expect(checkQuantity({ ...capped, quantity: 51 })).toEqual({
      ok: false,
      problem: 'aboveMaximum',
      message: 'At most 50 pieces per order.',
    });
    expect(checkQuantity({ ...terms, maximum: null, quantity: 1000 })).toMatchObject({ ok: true });
  });

  it('prices the total at the tier the quantity reaches', () => {
    const tiered = { ...terms, priceTiers: [{ minQuantity: 100, price: 9 }] };
    expect(checkQuantity({ ...tiered, quantity: 99 })).toMatchObject({ unitPrice: 10, total: 990 });
    expect(checkQuantity({ ...tiered, quantity: 100 })).toMatchObject({ unitPrice: 9, total: 900 });
  });
});

describe('checkQuantity in cents', () => {
  it('totals a price with cents exactly: 3 x $89.50 is $268.50, 3 x $0.10 is $0.30', () => {
    const cable = priceTermsInCents({ minimum: 1, available: 10, price: 89.5 });
    expect(checkQuantity({ ...cable, quantity: 3 })).toEqual({
      ok: true,
      quantity: 3,
      unitPrice: 8950,
      total: 26_850,
    });
    const washer = priceTermsInCents({ minimum: 1, available: 10, price: 0.1 });
    expect(checkQuantity({ ...washer, quantity: 3 })).toMatchObject({ total: 30 });
  });
  it('prices tiers and a contract price with cents, the lowest winning', () => {
    const terms = priceTermsInCents({
      minimum: 1,
      available: 1000,
      price: 10.5,
      priceTiers: [{ minQuantity: 100, price: 9.99 }],
      contractPrice: 10.25,
    });
    expect(checkQuantity({ ...terms, quantity: 10 })).toMatchObject({
      unitPrice: 1025,
      total: 10_250,
    });
    expect(checkQuantity({ ...terms, quantity: 100 })).toMatchObject({
      unitPrice: 999,
      total: 99_900,
    });
  });
});

describe('quantityLimitRefusal (a quote offer)', () => {
  const drives = { minimum: 20, increment: 10, maximum: 5_000 };
  it('keeps the minimum, whole packs and the maximum, whatever the stock or the price', () => {
    expect(quantityLimitRefusal(drives, 2_000)).toBeNull();
    expect(quantityLimitRefusal(drives, 10)?.message).toBe(quantityMessages.belowMinimum(20));
    expect(quantityLimitRefusal(drives, 25)?.message).toBe(quantityMessages.notMultiple(10));
    expect(quantityLimitRefusal(drives, 5_010)?.message).toBe(quantityMessages.aboveMaximum(5_000));
    // Far above one card payment at any price: an offer may be bought on account.
    expect(quantityLimitRefusal({ minimum: 1 }, 4_000_000)).toBeNull();
  });
});

describe('nearestValidQuantity', () => {
  const boxes = { minimum: 50, increment: 25, maximum: 500, available: 1000 };

  it('rounds to the nearest whole pack, halfway up, and every answer passes checkQuantity', () => {
    expect(nearestValidQuantity(boxes, 60)).toBe(50);
    expect(nearestValidQuantity(boxes, 63)).toBe(75);
    expect(nearestValidQuantity(boxes, 62.5)).toBe(75);
    expect(nearestValidQuantity(boxes, 100)).toBe(100);
    for (const quantity of [1, 37, 60, 63, 499, 501, 5000]) {
      const nearest = nearestValidQuantity(boxes, quantity)!;
      expect(checkQuantity({ ...boxes, price: 1, quantity: nearest }).ok).toBe(true);
    }
  });

  it('keeps to the minimum, the maximum and the stock, in whole packs', () => {
    expect(nearestValidQuantity(boxes, 3)).toBe(50);
    expect(nearestValidQuantity(boxes, 900)).toBe(500);
    expect(nearestValidQuantity({ ...boxes, maximum: null, available: 130 }, 200)).toBe(125);
    // A minimum that is not a whole pack (an older product) starts at the next pack.
    expect(nearestValidQuantity({ minimum: 30, increment: 25 }, 10)).toBe(50);
    expect(nearestValidQuantity({ minimum: 0 }, 0)).toBe(1);
  });

  it('has no answer when the stock is below the minimum', () => {
    expect(nearestValidQuantity({ ...boxes, available: 40 }, 50)).toBeNull();
    expect(nearestValidQuantity({ minimum: 1, increment: 10, available: 9 }, 5)).toBeNull();
  });
});
