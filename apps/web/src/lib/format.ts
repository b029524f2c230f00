/*
 * Figures are written the way an American buyer reads them (the shop prices in US dollars):
 * thousands grouped, "$27,800", "25,000 pieces". The quantity field of a form is the one place
 * a number has no separators, because a number input shows none.
 */

const numberFormat = new Intl.NumberFormat('en-US');

/** Prices are whole dollars (SPEC section 3), so no cents are shown. */
const priceFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** 25000 -> "25,000" */
export const formatNumber = (value: number): string => numberFormat.format(value);

/** 27800 -> "$27,800" */
export const formatPrice = (value: number): string => priceFormat.format(value);

/** 1 -> "1 piece", 25000 -> "25,000 pieces" */
export const formatPieces = (count: number): string =>
  `${formatNumber(count)} ${count === 1 ? 'piece' : 'pieces'}`;

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO timestamp in the reader's time zone: "24 Nov, 14:30". */
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));
