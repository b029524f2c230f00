import { describe, expect, it } from 'vitest';
import { formatNumber, formatPieces, formatPrice } from './format';

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
});
