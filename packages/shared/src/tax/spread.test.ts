import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadCents } from './spread.js';

describe('spreadCents', () => {
  it('shares by value, the odd cent to the largest remainder', () => {
    expect(spreadCents(1000, [100, 200, 700])).toEqual([100, 200, 700]);
    expect(spreadCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadCents(995, [30_000, 10_000])).toEqual([746, 249]);
  });

  it('shares equally among lines of no value', () => {
    expect(spreadCents(10, [0, 0, 0])).toEqual([4, 3, 3]);
  });

  it('gives nothing to share nothing, and refuses a charge without lines', () => {
    expect(spreadCents(0, [5, 7])).toEqual([0, 0]);
    expect(spreadCents(0, [])).toEqual([]);
    expect(() => spreadCents(1, [])).toThrow(RangeError);
    expect(() => spreadCents(-1, [1])).toThrow(RangeError);
  });

  it('always adds up to the total, in whole cents, each share near its part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_00 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000_00 }), { minLength: 1, maxLength: 50 }),
        (total, weights) => {
          const shares = spreadCents(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          shares.forEach((share, index) => {
            expect(Number.isSafeInteger(share) && share >= 0).toBe(true);
            const exact = sum === 0 ? total / weights.length : (total * weights[index]!) / sum;
            expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-6);
          });
        },
      ),
    );
  });
});
