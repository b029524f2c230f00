import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDayMonth,
  formatDayRange,
  formatNumber,
  formatPieces,
  formatPrice,
} from './format';

describe('format', () => {
  it('groups thousands in prices and counts', () => {
    expect(formatPrice(27800)).toBe('$27,800');
    expect(formatPrice(15)).toBe('$15');
    expect(formatNumber(1250000)).toBe('1,250,000');
  });

  it('says "1 piece" and "2 pieces"', () => {
    expect(formatPieces(1)).toBe('1 piece');
    expect(formatPieces(2)).toBe('2 pieces');
    expect(formatPieces(25000)).toBe('25,000 pieces');
  });

  it('writes a calendar date as the day itself, and a range with the year once', () => {
    expect(formatDay('2026-11-20')).toBe('20 Nov 2026');
    expect(formatDayMonth('2026-01-05')).toBe('5 Jan');
    expect(formatDayRange('2026-11-20', '2026-11-20')).toBe('20 Nov 2026');
    expect(formatDayRange('2026-11-16', '2026-11-22')).toBe('16 Nov – 22 Nov 2026');
    expect(formatDayRange('2026-12-28', '2027-01-03')).toBe('28 Dec 2026 – 3 Jan 2027');
  });
});
