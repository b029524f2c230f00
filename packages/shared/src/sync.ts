import { z } from 'zod';

/**
 * Sync by change time (issue 32 item 3, DESIGN section 9, docs/decisions/055): GET /products,
 * GET /purchases and GET /admin/orders take `updatedSince`, an ISO 8601 time, and then answer the
 * rows changed at or after it, oldest change first, with `nextUpdatedSince`: what to ask with
 * next. Asked in turn, the pages hold every change exactly once.
 */

export const syncMessages = {
  updatedSince:
    'updatedSince is a date and time in ISO 8601 with its offset, from 2000 to 2100, for example 2026-11-28T10:00:00Z.',
  alone:
    'updatedSince pages by change time: leave out page and the filters, and ask next with the nextUpdatedSince of the answer.',
} as const;

/** `2026-11-28T10:00:00Z`, `2026-11-28T11:00:00.123456+01:00`: seconds, up to 6 decimals, offset. */
const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Whether `value` is such a time: a real day of the calendar, a real time of it, in bounds. */
export function isSyncTime(value: string): boolean {
  const match = ISO_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month! - 1) return false;
  if (date.getUTCDate() !== day || hour! > 23 || minute! > 59 || second! > 59) return false;
  if (offsetHours > 14 || offsetMinutes > 59) return false;
  const time = Date.parse(value);
  return time >= Date.UTC(2000, 0, 1) && time < Date.UTC(2101, 0, 1);
}

export const updatedSinceSchema = z
  .string({ error: syncMessages.updatedSince })
  .max(40, syncMessages.updatedSince)
  .refine(isSyncTime, syncMessages.updatedSince);

/** The query field every synced list takes. */
export const syncQueryShape = { updatedSince: updatedSinceSchema.optional() };

/**
 * What a synced list adds to its page: where the next page starts (the first change this one
 * left out, or the time up to which every change is in). Only with `updatedSince`.
 */
export const syncAnswerShape = {
  nextUpdatedSince: z
    .string()
    .describe('With updatedSince: ask with this next; every change before it was answered')
    .optional(),
};
