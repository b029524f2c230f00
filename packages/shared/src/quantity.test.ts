import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { MAX_ORDER_TOTAL } from './constants.js';
import { checkQuantity, quantityMessages, type QuantityTerms } from './quantity.js';

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
    expect(quantityMessages.totalTooHigh(1_000_000)).toBe(
      'The order total of $1,000,000 is above the card payment limit of $999,999. Please order fewer pieces.',
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
