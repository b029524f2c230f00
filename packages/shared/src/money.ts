/*
 * Money is exact to the cent (DESIGN section 9, docs/decisions/027). The API speaks dollars, as
 * JSON numbers with at most two decimals (SPEC's whole-dollar prices stay valid: 89 and 89.5 and
 * 89.50 are all prices); the server stores and computes integer cents and converts at its
 * boundary, once per direction: `toCents` on what comes in, `fromCents` on what goes out. Sums are
 * taken in 64 bits (bigint columns, `sum(...)::bigint`). Written without zod, so the first page can
 * format a price without loading it.
 */
import { formatUsd } from './number-text.js';

/** Cents in a dollar. */
export const CENTS_PER_DOLLAR = 100;

/**
 * Whether `dollars` is a finite amount with at most two decimals. Exact for every amount below
 * 2^53 cents: a decimal with two places parses to the double nearest to n/100, and n / 100 is
 * that same double, so the round trip through cents gives the number back only when it had no
 * third decimal (1.005 and 0.001 do not come back; 0.29 and 89.5 do).
 */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  if (!Number.isFinite(dollars)) return false;
  const cents = Math.round(dollars * CENTS_PER_DOLLAR);
  return Number.isSafeInteger(cents) && cents / CENTS_PER_DOLLAR === dollars;
}

/**
 * Dollars (at most two decimals) to integer cents, with no float drift: 0.29 -> 29, not 28.99...
 * Throws on an amount with a third decimal: inputs are checked by their schemas before this.
 */
export function toCents(dollars: number): number {
  // Short messages: this module is on the first page of the shop (its bundle budget).
  if (!hasAtMostTwoDecimals(dollars)) throw new RangeError(`dollars: ${dollars}`);
  return Math.round(dollars * CENTS_PER_DOLLAR);
}

/** Integer cents to dollars as the API answers them: 8950 -> 89.5, 118000 -> 1180. */
export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents: ${cents}`);
  return cents / CENTS_PER_DOLLAR;
}

/** `fromCents` for a value that may be absent. */
export const fromCentsOrNull = (cents: number | null | undefined): number | null =>
  cents == null ? null : fromCents(cents);

/**
 * The largest amount of dollars any price, limit or contract price may be: PostgreSQL's
 * `integer` in dollars, as before cents existed, so every amount SPEC's clients sent stays valid.
 * In cents it needs 64 bits (the columns are `bigint`).
 */
export const MONEY_MAX_DOLLARS = 2_147_483_647;

/**
 * Amounts are shown the way an American buyer reads them: thousands grouped, and two decimals
 * where there are cents ("$89.50", "$268.50"), none where there are none ("$1,180"). Whole-dollar
 * catalogues (SPEC's) read exactly as they did, and a price with cents is never shown as "$89.5".
 * Dollars as the API answers them -> "$1,180" or "$89.50" (USD has two decimals: ".00" cut).
 */
export function formatMoney(dollars: number): string {
  const text = formatUsd(dollars);
  return Number.isInteger(dollars) ? text.slice(0, -3) : text;
}

/** Integer cents -> "$1,180" or "$89.50" (the server's documents, emails and messages). */
export const formatCents = (cents: number): string => formatMoney(fromCents(cents));
