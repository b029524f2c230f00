/*
 * Numbers as an American buyer reads them, thousands grouped: "25,000", "$1,180". Intl writes
 * them the same way, but a page's first Intl number format costs the browser 20 to 90 ms of
 * loading its locale data (80 to 360 ms on Lighthouse's 4x slower phone): the purchase page paid
 * it while hydrating, for a price and a quantity (issue 28). The figures the shop shows (whole
 * pieces, dollars and cents) are written here by hand; any other number (a fraction beyond the
 * format's decimals, an exponent, -0, NaN) goes to Intl, made when first needed, so every number
 * reads exactly as Intl writes it (number-text.test.ts compares them).
 */

/**
 * A number's shortest text (String's, the decimal Intl rounds from) with at most 2 or 3
 * decimals, no sign and no exponent: written as it is, it needs no rounding.
 */
const PLAIN = { 2: /^\d+(\.\d{1,2})?$/, 3: /^\d+(\.\d{1,3})?$/ };

/** "1234567.5" -> "1,234,567.5": the whole part's digits in threes. */
function groupThousands(plain: string): string {
  const point = plain.indexOf('.');
  const whole = point === -1 ? plain : plain.slice(0, point);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return point === -1 ? grouped : grouped + plain.slice(point);
}

/**
 * The number's grouped text, with its minus sign, when it needs no rounding to `decimals`
 * decimals; null when only Intl can write it as Intl would.
 */
function groupedOrNull(value: number, decimals: 2 | 3): string | null {
  // -0 is written "-0" by Intl; String(-0) is "0".
  if (Object.is(value, -0)) return null;
  const plain = String(Math.abs(value));
  if (!PLAIN[decimals].test(plain)) return null;
  return `${value < 0 ? '-' : ''}${groupThousands(plain)}`;
}

let intlNumber: Intl.NumberFormat | undefined;
let intlMoney: Intl.NumberFormat | undefined;

/** 25000 -> "25,000", 1234.5 -> "1,234.5": what `new Intl.NumberFormat('en-US')` writes. */
export function formatNumber(value: number): string {
  return groupedOrNull(value, 3) ?? (intlNumber ??= new Intl.NumberFormat('en-US')).format(value);
}

/**
 * Dollars -> "$1,180.00", "-$89.50": what `new Intl.NumberFormat('en-US', { style: 'currency',
 * currency: 'USD' })` writes (money.ts's formatMoney cuts the ".00").
 */
export function formatUsd(dollars: number): string {
  const grouped = groupedOrNull(dollars, 2);
  if (grouped === null)
    return (intlMoney ??= new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
    })).format(dollars);
  const [sign, digits] = grouped.startsWith('-') ? ['-', grouped.slice(1)] : ['', grouped];
  const point = digits.indexOf('.');
  const cents = point === -1 ? '.00' : digits.slice(point).padEnd(3, '0');
  return `${sign}$${point === -1 ? digits : digits.slice(0, point)}${cents}`;
}
