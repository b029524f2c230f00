import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber, formatUsd } from './number-text.js';

// What the shared formatters stand in for: they must write every number exactly as these do.
const intlNumber = new Intl.NumberFormat('en-US');
const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Amounts and counts as the shop has them, and every other kind of number besides. */
const numbers = fc.oneof(
  fc.integer({ min: -1e12, max: 1e12 }).map((cents) => cents / 100),
  fc.integer({ min: -1e9, max: 1e9 }).map((grams) => grams / 1000),
  fc.integer(),
  fc.maxSafeInteger(),
  fc.double(),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
);

const EDGES = [
  0,
  -0,
  1,
  -1,
  999,
  1000,
  1e21,
  1e-7,
  5e-324,
  1.005,
  2.675,
  0.125,
  -0.001,
  0.1 + 0.2,
  89.5,
  1180,
  2_147_483_647,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

describe('formatNumber and formatUsd', () => {
  it('write the shop figures with grouped thousands', () => {
    expect(formatNumber(25_000)).toBe('25,000');
    expect(formatNumber(1.25)).toBe('1.25');
    expect(formatNumber(-1234.5)).toBe('-1,234.5');
    expect(formatUsd(1180)).toBe('$1,180.00');
    expect(formatUsd(89.5)).toBe('$89.50');
    expect(formatUsd(-1_000_000.05)).toBe('-$1,000,000.05');
  });

  it('write every number as Intl does, the ones they leave to it included', () => {
    for (const value of EDGES) {
      expect(formatNumber(value), String(value)).toBe(intlNumber.format(value));
      expect(formatUsd(value), String(value)).toBe(intlUsd.format(value));
    }
    fc.assert(
      fc.property(numbers, (value) => {
        expect(formatNumber(value)).toBe(intlNumber.format(value));
        expect(formatUsd(value)).toBe(intlUsd.format(value));
      }),
      { numRuns: 2000 },
    );
  });
});
