import { describe, expect, it } from 'vitest';
import {
  buyerUnitPrice,
  contractPriceApplies,
  lowestPrice,
  nextPriceBreak,
  unitPriceFor,
} from './pricing.js';

const terms = {
  price: 10,
  priceTiers: [
    { minQuantity: 100, price: 9 },
    { minQuantity: 500, price: 8 },
  ],
};

describe('unitPriceFor', () => {
  it('is the list price below the first tier and each tier from its minQuantity', () => {
    expect(unitPriceFor(terms, 1)).toBe(10);
    expect(unitPriceFor(terms, 99)).toBe(10);
    expect(unitPriceFor(terms, 100)).toBe(9);
    expect(unitPriceFor(terms, 499)).toBe(9);
    expect(unitPriceFor(terms, 500)).toBe(8);
    expect(unitPriceFor(terms, 1_000_000)).toBe(8);
  });
  it('is the list price when there are no tiers', () => {
    expect(unitPriceFor({ price: 7 }, 1000)).toBe(7);
    expect(unitPriceFor({ price: 7, priceTiers: [] }, 1000)).toBe(7);
  });
});

describe('nextPriceBreak', () => {
  it('names the next tier and how many pieces more reach it', () => {
    expect(nextPriceBreak(terms, 60)).toEqual({ more: 40, minQuantity: 100, price: 9 });
    expect(nextPriceBreak(terms, 100)).toEqual({ more: 400, minQuantity: 500, price: 8 });
    expect(nextPriceBreak(terms, 500)).toBeNull();
    expect(nextPriceBreak({ price: 7 }, 1)).toBeNull();
  });
});

describe('lowestPrice', () => {
  it('is the last tier, or none without tiers', () => {
    expect(lowestPrice(terms)).toEqual({ minQuantity: 500, price: 8 });
    expect(lowestPrice({ price: 7 })).toBeNull();
  });
});

describe('contract prices and breaks', () => {
  const terms = {
    price: 100,
    priceTiers: [
      { minQuantity: 50, price: 90 },
      { minQuantity: 200, price: 80 },
    ],
  };

  it('pays the lower of the contract price and the volume price for the quantity', () => {
    expect(buyerUnitPrice({ ...terms, contractPrice: 85 }, 10)).toBe(85);
    expect(buyerUnitPrice({ ...terms, contractPrice: 85 }, 50)).toBe(85);
    expect(buyerUnitPrice({ ...terms, contractPrice: 85 }, 200)).toBe(80);
    expect(buyerUnitPrice({ ...terms, contractPrice: null }, 10)).toBe(100);
  });

  it('offers only breaks below the contract price', () => {
    expect(nextPriceBreak({ ...terms, contractPrice: 85 }, 10)).toEqual({
      more: 190,
      minQuantity: 200,
      price: 80,
    });
    expect(nextPriceBreak({ ...terms, contractPrice: 70 }, 10)).toBeNull();
  });
});

describe('buyerUnitPrice and contractPriceApplies', () => {
  it('is the lower of the contract price and the volume price for the quantity', () => {
    const member = { ...terms, contractPrice: 9 };
    expect(buyerUnitPrice(member, 1)).toBe(9);
    expect(contractPriceApplies(member, 1)).toBe(9);
    expect(buyerUnitPrice(member, 100)).toBe(9);
    expect(contractPriceApplies(member, 100)).toBeNull();
    expect(buyerUnitPrice(member, 500)).toBe(8);
    expect(contractPriceApplies(member, 500)).toBeNull();
  });
  it('is the volume price without a contract price', () => {
    expect(buyerUnitPrice(terms, 500)).toBe(8);
    expect(buyerUnitPrice({ ...terms, contractPrice: null }, 1)).toBe(10);
    expect(contractPriceApplies(terms, 1)).toBeNull();
  });
});
