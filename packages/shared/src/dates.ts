import { z } from 'zod';

/**
 * Calendar dates as the admin's pages and the API carry them: `YYYY-MM-DD`, a day of the shop's
 * time zone (SHOP_TIME_ZONE), not an instant. The arithmetic here is on dates alone (UTC noon
 * keeps it clear of any offset); which instants a date covers is the database's business.
 */

/**
 * The dates the shop takes (DESIGN section 9, Bounds): no order, payment or report falls outside
 * them, and a bound keeps every loop over days short (a year past 9999 has no YYYY-MM-DD name).
 */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';

export const dateMessages = {
  date: 'Please give a date as YYYY-MM-DD.',
  range: `Please give a date from ${DATE_MIN} to ${DATE_MAX}.`,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  const parts = DATE.exec(text);
  if (!parts) return false;
  const [, y, m, d] = parts.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

export const calendarDateSchema = z
  .string({ error: dateMessages.date })
  .refine(isCalendarDate, { message: dateMessages.date, abort: true })
  // Both are YYYY-MM-DD, so text order is date order.
  .refine((date) => date >= DATE_MIN && date <= DATE_MAX, dateMessages.range);

const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);
const DAY_MS = 86_400_000;

/** The date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(noon(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 for the same day; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((noon(to) - noon(from)) / DAY_MS);
}

/** The Monday of the (ISO) week `date` falls in. */
export function weekStart(date: string): string {
  const weekday = new Date(noon(date)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

// Building a formatter costs a quarter of a millisecond, formatting with one next to nothing:
// every purchase asks for today's date, so each time zone's formatter is built once.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date in a time zone (an IANA name such as Europe/Berlin). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}
