import { describe, expect, it } from 'vitest';
import { ordersHref, periodDays } from './links';
import { presetDates } from './period';

describe('presetDates', () => {
  it('ends every preset with today, today included', () => {
    expect(presetDates('7d', '2026-11-24')).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(presetDates('30d', '2026-11-24')).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    expect(presetDates('90d', '2026-11-24')).toEqual({ from: '2026-08-27', to: '2026-11-24' });
  });

  it('takes 12 months as the day after the same day a year before', () => {
    expect(presetDates('12m', '2026-11-24')).toEqual({ from: '2025-11-25', to: '2026-11-24' });
    expect(presetDates('12m', '2028-02-29')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
    expect(presetDates('12m', '2029-02-28')).toEqual({ from: '2028-02-29', to: '2029-02-28' });
  });
});

describe('links', () => {
  it('cuts a week to the period shown', () => {
    const range = { from: '2026-11-18', to: '2026-11-25' };
    expect(periodDays('2026-11-16', 'week', range)).toEqual({
      paidFrom: '2026-11-18',
      paidTo: '2026-11-22',
    });
    expect(periodDays('2026-11-23', 'week', range)).toEqual({
      paidFrom: '2026-11-23',
      paidTo: '2026-11-25',
    });
    expect(periodDays('2026-11-20', 'day', range)).toEqual({
      paidFrom: '2026-11-20',
      paidTo: '2026-11-20',
    });
  });

  it('writes the orders filter in the order Manage All Orders does', () => {
    expect(ordersHref({})).toBe('/dashboard/manageallorders');
    expect(ordersHref({ status: 'unpaid', q: 'PW-1' })).toBe(
      '/dashboard/manageallorders?q=PW-1&status=unpaid',
    );
  });
});
