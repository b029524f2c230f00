import { addDays, isCalendarDate, STATS_DAYS_DEFAULT, type StatsInterval } from '@shop/shared';

/** The Overview's period buttons; Last 30 days is what the page opens with. */
export const PERIOD_PRESETS = [
  { id: '7d', label: 'Last 7 days' },
  { id: '30d', label: `Last ${STATS_DAYS_DEFAULT} days` },
  { id: '90d', label: 'Last 90 days' },
  { id: '12m', label: 'Last 12 months' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['id'];
export const DEFAULT_PRESET: PeriodPreset = '30d';

/**
 * What the Overview shows, as its address keeps it: a preset (?range=7d; none is the default),
 * or a custom ?from=&to= kept as typed (the API says what is wrong with a bad one), and the
 * ?interval= (day unless week).
 */
export type OverviewView =
  | { preset: PeriodPreset; interval: StatsInterval }
  | { preset: null; from: string; to: string; interval: StatsInterval };

export const isPreset = (value: string | null): value is PeriodPreset =>
  PERIOD_PRESETS.some((preset) => preset.id === value);

/** A year back from `today`, the day after that day: 365 days, or 366 across a 29 February. */
function yearBefore(today: string): string {
  const sameDay = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  // 29 February has no day a year before: 1 March follows 28 February.
  return isCalendarDate(sameDay) ? addDays(sameDay, 1) : `${sameDay.slice(0, 4)}-03-01`;
}

/** The days a preset covers, ending with the shop's `today`. */
export function presetDates(preset: PeriodPreset, today: string): { from: string; to: string } {
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -(STATS_DAYS_DEFAULT - 1)), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case '12m':
      return { from: yearBefore(today), to: today };
  }
}

/** The dates the API is asked for: a preset's end with the shop's `today`. */
export function datesOf(view: OverviewView, today: string): { from: string; to: string } {
  return view.preset === null ? { from: view.from, to: view.to } : presetDates(view.preset, today);
}
