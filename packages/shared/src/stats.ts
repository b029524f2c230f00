import { z } from 'zod';
import { moneyAnswerSchema } from './answers.js';
import { addDays, calendarDateSchema, daysBetween } from './dates.js';

/**
 * The admin's Overview (DESIGN section 8, GET /admin/stats): the business at a glance over a
 * period of the shop's days, by day or by week.
 */

export const STATS_INTERVALS = ['day', 'week'] as const;
export type StatsInterval = (typeof STATS_INTERVALS)[number];

/** The longest period one answer covers (DESIGN section 9): 400 days by day, ten years by week. */
export const STATS_YEARS_BY_WEEK = 10;
export const STATS_DAYS_MAX: Record<StatsInterval, number> = {
  day: 400,
  // Ten years hold at most three leap days.
  week: STATS_YEARS_BY_WEEK * 365 + 3,
};
/** How many days the Overview shows when no period is given: the last 30, today included. */
export const STATS_DAYS_DEFAULT = 30;
/** The longest lists of the answer: top products and customers, low stock, expiring holds. */
export const STATS_TOP = 5;
export const STATS_LIST_MAX = 10;
/** "About to expire": unpaid orders whose stock hold ends within this many hours. */
export const STATS_EXPIRING_HOURS = 24;

export const statsMessages = {
  interval: 'Interval is day or week.',
  order: 'The start date must not be after the end date.',
  long: `Please choose at most ${STATS_DAYS_MAX.day} days by day, or ${STATS_YEARS_BY_WEEK} years by week.`,
  both: 'Please give both a start and an end date, or neither.',
} as const;

/** `?from=&to=&interval=`: both dates or neither (then the last STATS_DAYS_DEFAULT days). */
export const statsQuerySchema = z
  .object({
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    interval: z.enum(STATS_INTERVALS, { error: statsMessages.interval }).default('day'),
  })
  .superRefine(({ from, to, interval }, ctx) => {
    if ((from === undefined) !== (to === undefined)) {
      ctx.addIssue({ code: 'custom', message: statsMessages.both, path: ['from'] });
    } else if (from !== undefined && to !== undefined) {
      const days = daysBetween(from, to) + 1;
      if (days < 1) ctx.addIssue({ code: 'custom', message: statsMessages.order, path: ['to'] });
      else if (days > STATS_DAYS_MAX[interval]) {
        ctx.addIssue({ code: 'custom', message: statsMessages.long, path: ['to'] });
      }
    }
  });
export type StatsQuery = z.input<typeof statsQuerySchema>;

/** The period just before `from`..`to`, as long: what the Overview compares with. */
export function periodBefore(from: string, to: string): { from: string; to: string } {
  const days = daysBetween(from, to) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** Dollars with at most two decimals, summed in 64 bits by the server. */
const money = moneyAnswerSchema;
const count = z.number().int();

export const statsSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(STATS_INTERVALS),
  timeZone: z.string(),
  /**
   * Paid lines by the shop's day (or the week's Monday) they were paid: every period listed.
   * `total` is the revenue: the goods sold, net of tax and without shipping (SPEC's `price`);
   * `shipping` the shipping charged and `tax` the tax collected on those lines, apart (issue
   * 29): tax is owed to a tax office, not earned. `orders` counts lines (SPEC's orders),
   * `purchases` the purchases those lines belong to.
   */
  revenue: z.array(
    z.object({
      period: z.string(),
      total: money,
      shipping: money,
      tax: money,
      orders: count,
      purchases: count,
    }),
  ),
  /** The same figures for the period just before, as long. */
  previous: z.object({
    from: z.string(),
    to: z.string(),
    total: money,
    shipping: money,
    tax: money,
    orders: count,
    purchases: count,
  }),
  /** Every line as it stands now; `held` is the pieces unpaid lines hold until they expire. */
  ordersByState: z.object({ unpaid: count, paid: count, shipped: count, held: count }),
  /**
   * Every purchase as it stands now, by the glossary's status (rejected and cancelled ones are
   * left out: nothing is to be done with them). What the Overview counts as orders.
   */
  purchasesByState: z.object({
    awaiting_approval: count,
    unpaid: count,
    paid: count,
    /** Confirmed on account, the invoice not yet paid in full (issue 30). */
    on_account: count,
    partially_shipped: count,
    shipped: count,
  }),
  topProducts: z.array(
    z.object({
      productId: z.string().nullable(),
      name: z.string(),
      revenue: money,
      quantity: count,
    }),
  ),
  topCustomers: z.array(z.object({ email: z.string(), name: z.string(), revenue: money })),
  /**
   * Who bought most in the period: a company (its purchases by every member) or, for a person
   * buying for no company, that person by name. `companyId` or `email` says which.
   */
  topBuyers: z.array(
    z.object({
      companyId: z.string().nullable(),
      email: z.string().nullable(),
      name: z.string(),
      revenue: money,
    }),
  ),
  /** Products at or below their low-stock threshold, fewest first; `lowStockTotal` counts all. */
  lowStock: z.array(
    z.object({ productId: z.string(), name: z.string(), available: count, threshold: count }),
  ),
  lowStockTotal: count,
  newCustomers: z.array(z.object({ period: z.string(), count })),
  /**
   * What the companies owe on account now (issue 30): the balance of every company on terms or
   * owing, the part of their invoices past due, and how many companies have some.
   */
  receivables: z.object({ balance: money, overdue: money, overdueCompanies: count }),
  /**
   * The shop's backups (decision 061): the last one written, by `npm run backup` or on
   * BACKUP_DIR's schedule, and the last that failed after it; `scheduled` when BACKUP_DIR is set
   * on the instance answering.
   */
  backups: z.object({
    scheduled: z.boolean(),
    last: z
      .object({
        finishedAt: z.string(),
        file: z.string(),
        bytes: count,
        trigger: z.enum(['command', 'schedule']),
      })
      .nullable(),
    failed: z.object({ finishedAt: z.string(), file: z.string(), error: z.string() }).nullable(),
  }),
  /** Unpaid orders whose hold ends within STATS_EXPIRING_HOURS, soonest first. */
  expiringSoon: z.array(
    z.object({
      _id: z.string(),
      holdExpiresAt: z.string(),
      purchaseId: z.string(),
      purchaseNumber: z.string(),
      name: z.string(),
      email: z.string(),
      productName: z.string(),
      price: money,
    }),
  ),
});
export type Stats = z.infer<typeof statsSchema>;
