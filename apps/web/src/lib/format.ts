/*
 * Quantities and prices are shown without thousands separators, exactly as a buyer types them
 * into the quantity field of the purchase form (a number input shows none), so the figures on a
 * card and in the form read the same.
 */

/** 25000 -> "25000" */
export const formatNumber = (value: number): string => String(value);

/** Prices are whole dollars (SPEC section 3): 2150 -> "$2150". */
export const formatPrice = (value: number): string => `$${value}`;

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO timestamp in the reader's time zone: "24 Nov, 14:30". */
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));
