import {
  formatCents as sharedFormatCents,
  formatMoney,
  formatNumber as sharedFormatNumber,
} from '@shop/shared';

/*
 * Figures are written the way an American buyer reads them (the shop prices in US dollars):
 * thousands grouped, "$27,800", "25,000 pieces", by the shared formatters, which spare a page
 * Intl's number formats while it hydrates (packages/shared/src/number-text.ts). The quantity
 * field of a form is the one place a number has no separators, because a number input shows none.
 */

/** 25000 -> "25,000" */
export const formatNumber = (value: number): string => sharedFormatNumber(value);

/**
 * Every amount the pages show goes through the shared formatter (docs/decisions/027): two
 * decimals where there are cents, none where there are none. Dollars as the API answers them:
 * 27800 -> "$27,800", 89.5 -> "$89.50".
 */
export const formatPrice = (dollars: number): string => formatMoney(dollars);

/** The same for integer cents, what the shared pricing rule computes: 26850 -> "$268.50". */
export const formatCents = (cents: number): string => sharedFormatCents(cents);

/** 1 -> "1 piece", 25000 -> "25,000 pieces" */
export const formatPieces = (count: number): string =>
  `${formatNumber(count)} ${count === 1 ? 'piece' : 'pieces'}`;

/*
 * Every date a page shows goes through the helpers below (docs/decisions/029): the day before
 * the month, the month's short name, a 24-hour clock, in the reader's time zone. Intl writes them,
 * so a month's name or a time zone's rule is never typed by hand. Each format is made when a
 * page first writes a date, not when this module loads: the module is in every page's first
 * load, and the purchase page, which shows no date, spent its hydration making five of them
 * (issue 28). The formats are marked pure so that a page showing no date (the catalogue's first
 * load, bundle-budget.spec.ts) carries not even their code.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat('en-GB', options)).format(date);
}

const writeDateTime = /* @__PURE__ */ dateFormat({
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const writeDateTimeYear = /* @__PURE__ */ dateFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const writeDate = /* @__PURE__ */ dateFormat({ day: 'numeric', month: 'short', year: 'numeric' });

/**
 * An ISO timestamp in the reader's time zone: "24 Nov, 14:30"; with `year` (a record kept for
 * years, the audit log) "24 Nov 2026, 14:30".
 */
export const formatDateTime = (iso: string, { year = false } = {}): string =>
  (year ? writeDateTimeYear : writeDateTime)(new Date(iso));

/** The day of an ISO timestamp in the reader's time zone: "15 Feb 2026". */
export const formatDate = (iso: string): string => writeDate(new Date(iso));

/*
 * Calendar dates (YYYY-MM-DD, a day of the shop, not an instant) are written as the day itself,
 * whatever the reader's time zone: "20 Nov 2026". Noon UTC keeps the day clear of any offset.
 */
const writeDay = /* @__PURE__ */ dateFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const writeDayMonth = /* @__PURE__ */ dateFormat({
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

/** "2026-11-20" -> "20 Nov 2026" */
export const formatDay = (date: string): string => writeDay(noonOf(date));

/** "2026-11-20" -> "20 Nov" (a chart's axis, where the year is in the heading) */
export const formatDayMonth = (date: string): string => writeDayMonth(noonOf(date));

/** "16 Nov – 22 Nov 2026"; one day is "20 Nov 2026"; across a new year both years show. */
export function formatDayRange(from: string, to: string): string {
  if (from === to) return formatDay(from);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${sameYear ? formatDayMonth(from) : formatDay(from)} – ${formatDay(to)}`;
}
