import { MAX_ORDER_TOTAL, messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { checkQuantity } from './quantity';

const product = { minimum: 50, available: 1000, price: 10 };

describe('checkQuantity', () => {
  it('accepts the minimum, the available stock and everything between', () => {
    expect(checkQuantity('50', product)).toEqual({ valid: true, quantity: 50 });
    expect(checkQuantity('1000', product)).toEqual({ valid: true, quantity: 1000 });
  });

  it('refuses more than is available and less than the minimum with SPEC messages', () => {
    expect(checkQuantity('1001', product)).toEqual({
      valid: false,
      message: messages.unavailableQuantity,
    });
    expect(checkQuantity('49', product)).toEqual({
      valid: false,
      message: messages.minimumQuantity(50),
    });
  });

  it('is silent for an empty field and refuses fractions', () => {
    expect(checkQuantity('', product)).toEqual({ valid: false, message: null });
    expect(checkQuantity('60.5', product)).toMatchObject({ valid: false });
  });

  it('refuses a total above what one card payment can carry', () => {
    const pricey = { minimum: 1, available: 10, price: MAX_ORDER_TOTAL };
    expect(checkQuantity('1', pricey)).toEqual({ valid: true, quantity: 1 });
    expect(checkQuantity('2', pricey)).toMatchObject({ valid: false, message: /cannot be paid/ });
  });
});
