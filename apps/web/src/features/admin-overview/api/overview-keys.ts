import type { StatsInterval } from '@shop/shared';

/** The period the Overview asks about: the API's ?from=&to=&interval=. */
export interface StatsPeriod {
  from: string;
  to: string;
  interval: StatsInterval;
}

/** Every Overview key starts with 'admin-overview'. */
export const overviewKeys = {
  all: ['admin-overview'] as const,
  stats: (period: StatsPeriod) => ['admin-overview', 'stats', period] as const,
  /** The shop's time zone, as the last answer gave it: a preset's days end with its today. */
  timeZone: ['admin-overview', 'time-zone'] as const,
};
