import { describe, expect, it } from 'vitest';
import { orderStatus, placeOrderSchema } from './orders.js';

describe('orderStatus', () => {
  it('is Unpaid, then Pending once paid, then Shipping once shipped', () => {
    expect(orderStatus({ paid: false, shipping: false })).toBe('Unpaid');
    expect(orderStatus({ paid: true, shipping: false })).toBe('Pending');
    expect(orderStatus({ paid: true, shipping: true })).toBe('Shipping');
  });
});

describe('placeOrderSchema', () => {
  const valid = {
    productId: '0b6c7f1e-3a1d-4c2b-9a53-5f0e1d2c3b4a',
    quantity: 25,
    number: '(555) 123-4567',
    address: '12 Harbor Road, Leeds',
  };
  it('accepts a product, a whole quantity and valid contact details', () => {
    expect(placeOrderSchema.safeParse(valid).success).toBe(true);
  });
  it('drops fields the server computes itself, such as a price', () => {
    const parsed = placeOrderSchema.parse({ ...valid, price: 1, name: 'X', email: 'x@y.z' });
    expect(parsed).toEqual(valid);
  });
  it('refuses fractional and non-number quantities and a bad product id', () => {
    for (const quantity of [2.5, '10', 2 ** 31])
      expect(placeOrderSchema.safeParse({ ...valid, quantity }).success).toBe(false);
    expect(placeOrderSchema.safeParse({ ...valid, productId: '42' }).success).toBe(false);
  });
  it('leaves zero and negative quantities to the quantity rule, which answers with the minimum', () => {
    for (const quantity of [0, -5])
      expect(placeOrderSchema.safeParse({ ...valid, quantity }).success).toBe(true);
  });
});
