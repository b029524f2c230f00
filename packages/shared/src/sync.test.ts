import { describe, expect, it } from 'vitest';
import { isSyncTime, updatedSinceSchema } from './sync.js';

describe('updatedSince', () => {
  it('takes ISO 8601 times with an offset, to the microsecond', () => {
    for (const value of [
      '2026-11-28T10:00:00Z',
      '2026-11-28T10:00:00.5Z',
      '2026-11-28T10:00:00.123456Z',
      '2026-11-28T11:00:00+01:00',
      '2000-01-01T00:00:00Z',
      '2024-02-29T23:59:59-05:30',
    ]) {
      expect(isSyncTime(value), value).toBe(true);
    }
  });

  it('refuses what the database would choke on or misread', () => {
    for (const value of [
      '2026-11-28',
      '2026-11-28T10:00:00',
      '2026-11-28 10:00:00Z',
      '2026-02-30T10:00:00Z',
      '2025-02-29T10:00:00Z',
      '2026-11-28T24:00:00Z',
      '2026-11-28T10:60:00Z',
      '2026-11-28T10:00:00.1234567Z',
      '2026-11-28T10:00:00+15:00',
      '1999-12-31T23:59:59Z',
      '2101-01-01T00:00:00Z',
      'yesterday',
      '',
    ]) {
      expect(isSyncTime(value), value).toBe(false);
    }
    expect(updatedSinceSchema.safeParse(42).success).toBe(false);
  });
});
