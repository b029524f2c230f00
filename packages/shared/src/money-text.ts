import { hasAtMostTwoDecimals, MONEY_MAX_DOLLARS } from './money.js';

/*
 * Amounts as text people edit: form fields and CSV cells. Apart from money.ts, which the first
 * page loads to format prices, so these stay with the pages that edit amounts.
 */

/**
 * An amount as a form field or a CSV cell shows it for editing: "89.50", "1180" (no grouping, no
 * sign; two decimals where there are cents).
 */
export function moneyText(dollars: number): string {
  return Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
}

/**
 * An amount typed by a person or read from a CSV cell: digits, optionally a point and one or two
 * decimals ("89", "89.5", "89.50"); a leading "$" and thousands commas ("$1,180.00") are
 * forgiven. Answers the dollars, or null when it is not such an amount (a third decimal, a sign,
 * letters, empty).
 */
export function parseMoneyText(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').trim();
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(cleaned)) return null;
  const dollars = Number(cleaned.replaceAll(',', ''));
  return hasAtMostTwoDecimals(dollars) && dollars <= MONEY_MAX_DOLLARS ? dollars : null;
}
