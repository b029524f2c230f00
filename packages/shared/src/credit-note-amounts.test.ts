import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditFor,
  NOTHING_CREDITED,
  shareOf,
  type ChargedLine,
  type Credited,
} from './credit-note-amounts.js';

const line: ChargedLine = {
  quantity: 3,
  unitPrice: 1000,
  price: 3000,
  shippingCharge: 1000,
  tax: 761,
};

const add = (
  before: Credited,
  quantity: number,
  credit: ReturnType<typeof creditFor>,
): Credited => ({
  quantity: before.quantity + quantity,
  net: before.net + credit.net,
  shipping: before.shipping + credit.shipping,
  tax: before.tax + credit.tax,
});

describe('credit note amounts', () => {
  it('rounds a share half-up', () => {
    expect(shareOf(1000, 1, 3)).toBe(333);
    expect(shareOf(1000, 2, 3)).toBe(667);
    expect(shareOf(5, 1, 2)).toBe(3);
    expect(shareOf(7, 0, 0)).toBe(0);
  });

  it('credits a whole line as it was charged', () => {
    expect(creditFor(line, NOTHING_CREDITED, 3, true)).toEqual({
      net: 3000,
      shipping: 1000,
      tax: 761,
    });
  });

  it('credits the goods alone, with their part of the tax only', () => {
    // 761 tax on a base of 4000: 3000 of goods carry 570.75 -> 571.
    expect(creditFor(line, NOTHING_CREDITED, 3, false)).toEqual({
      net: 3000,
      shipping: 0,
      tax: 571,
    });
  });

  it('piece by piece adds up to the line exactly', () => {
    let credited = NOTHING_CREDITED;
    for (let piece = 0; piece < 3; piece++) {
      credited = add(credited, 1, creditFor(line, credited, 1, true));
    }
    expect(credited).toEqual({ quantity: 3, net: 3000, shipping: 1000, tax: 761 });
  });

  it('never gives back more than the line was charged, however it is split', () => {
    const lines = fc
      .record({
        quantity: fc.integer({ min: 1, max: 50 }),
        unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
        shippingCharge: fc.integer({ min: 0, max: 100_000 }),
        rate: fc.integer({ min: 0, max: 2500 }),
      })
      .map(({ quantity, unitPrice, shippingCharge, rate }) => {
        const price = quantity * unitPrice;
        return {
          quantity,
          unitPrice,
          price,
          shippingCharge,
          tax: Math.round(((price + shippingCharge) * rate) / 10_000),
        };
      });
    fc.assert(
      fc.property(
        lines,
        fc.array(fc.tuple(fc.integer({ min: 1, max: 50 }), fc.boolean())),
        (charged, splits) => {
          let credited = NOTHING_CREDITED;
          for (const [pieces, shipping] of splits) {
            const quantity = Math.min(pieces, charged.quantity - credited.quantity);
            if (quantity === 0) break;
            credited = add(credited, quantity, creditFor(charged, credited, quantity, shipping));
          }
          // The rest, with shipping: the line is then credited in full.
          const rest = charged.quantity - credited.quantity;
          if (rest > 0) credited = add(credited, rest, creditFor(charged, credited, rest, true));
          expect(credited.net).toBe(charged.price);
          expect(credited.shipping).toBeLessThanOrEqual(charged.shippingCharge);
          expect(credited.tax).toBeLessThanOrEqual(charged.tax);
          if (splits.every(([, shipping]) => shipping)) {
            expect(credited.shipping).toBe(charged.shippingCharge);
            expect(credited.tax).toBe(charged.tax);
          }
        },
      ),
    );
  });
});
