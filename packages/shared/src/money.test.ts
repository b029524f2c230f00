import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, fromCents, hasAtMostTwoDecimals, toCents } from './money.js';
import { moneyText, parseMoneyText } from './money-text.js';

describe('toCents and fromCents', () => {
  it('convert exactly, with no float drift', () => {
    expect(toCents(89.5)).toBe(8950);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1.1)).toBe(110);
    expect(toCents(0.07)).toBe(7);
    expect(toCents(1180)).toBe(118_000);
    expect(toCents(2_147_483_647)).toBe(214_748_364_700);
    expect(fromCents(8950)).toBe(89.5);
    expect(fromCents(29)).toBe(0.29);
    expect(fromCents(26_850)).toBe(268.5);
  });
  it('round-trip every amount of dollars and cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 214_748_364_700 }), (cents) => {
        const dollars = fromCents(cents);
        expect(hasAtMostTwoDecimals(dollars)).toBe(true);
        expect(toCents(dollars)).toBe(cents);
        // What JSON carries reads back as the same amount.
        expect(toCents(JSON.parse(JSON.stringify(dollars)) as number)).toBe(cents);
      }),
    );
  });
  it('refuse a third decimal, and what is not a number', () => {
    for (const bad of [1.005, 0.001, 89.999, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(hasAtMostTwoDecimals(bad)).toBe(false);
      expect(() => toCents(bad)).toThrow(RangeError);
    }
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('shows two decimals where there are cents, none where there are none', () => {
    expect(formatMoney(89.5)).toBe('$89.50');
    expect(formatMoney(268.5)).toBe('$268.50');
    expect(formatMoney(1000.05)).toBe('$1,000.05');
    expect(formatMoney(1180)).toBe('$1,180');
    expect(formatMoney(0)).toBe('$0');
    expect(formatCents(8950)).toBe('$89.50');
    expect(formatCents(99_999_999)).toBe('$999,999.99');
  });
  it('writes an amount for a field or a CSV cell', () => {
    expect(moneyText(89.5)).toBe('89.50');
    expect(moneyText(1180)).toBe('1180');
  });
});

describe('parseMoneyText', () => {
  it('reads what a person types or a spreadsheet writes', () => {
    expect(parseMoneyText('89.50')).toBe(89.5);
    expect(parseMoneyText('89.5')).toBe(89.5);
    expect(parseMoneyText(' 89 ')).toBe(89);
    expect(parseMoneyText('$1,180.00')).toBe(1180);
    expect(parseMoneyText('0.07')).toBe(0.07);
  });
  it('refuses a third decimal, a sign, letters and nothing', () => {
    for (const bad of ['89.505', '-1', '1e3', 'abc', '', '.5', '1,18', '2147483648'])
      expect(parseMoneyText(bad)).toBeNull();
  });
});
