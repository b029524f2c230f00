import { describe, expect, it } from 'vitest';
import { contractPriceDoubt, contractPriceQuestion } from './contract-price-check.js';

describe('contractPriceDoubt', () => {
  it('asks about a price below half the list price, with the discount in percent', () => {
    const doubt = contractPriceDoubt(1180, 34);
    expect(doubt).toEqual({ kind: 'deep-discount', discountPercent: 97.1 });
    expect(contractPriceQuestion(doubt!)).toBe(
      'This contract price is 97.1% below the list price. Save it anyway?',
    );
  });

  it('asks about a price above the list price', () => {
    const doubt = contractPriceDoubt(100, 112.5);
    expect(doubt).toEqual({ kind: 'above-list', discountPercent: -12.5 });
    expect(contractPriceQuestion(doubt!)).toBe(
      'This contract price is 12.5% above the list price. Save it anyway?',
    );
  });

  it('lets an ordinary discount through, half the list price and the list price included', () => {
    expect(contractPriceDoubt(39, 37)).toBeNull();
    expect(contractPriceDoubt(39.98, 19.99)).toBeNull();
    expect(contractPriceDoubt(39, 39)).toBeNull();
    expect(contractPriceDoubt(39.98, 19.98)).toMatchObject({ kind: 'deep-discount' });
    expect(contractPriceDoubt(39, 39.01)).toMatchObject({ kind: 'above-list' });
  });
});
