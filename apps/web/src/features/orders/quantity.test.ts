import { MAX_ORDER_TOTAL, messages, quantityMessages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { checkQuantityField } from './quantity';

const product = { minimum: 50, available: 1000, price: 10 };

describe('checkQuantityField', () => {
  it('accepts the minimum, the available stock and everything between, with the total', () => {
    expect(checkQuantityField('50', product)).toEqual({
      ok: true,
      quantity: 50,
      unitPrice: 1000,
      total: 50_000,
    });
    expect(checkQuantityField('1000', product)).toMatchObject({ ok: true, quantity: 1000 });
  });

  it('checks the pack size and the maximum with the server’s messages, and prices by tier', () => {
    const packed = {
      ...product,
      increment: 10,
      maximum: 500,
      priceTiers: [{ minQuantity: 100, price: 8 }],
    };
    expect(checkQuantityField('55', packed)).toMatchObject({
      ok: false,
      message: 'Order in multiples of 10.',
    });
    expect(checkQuantityField('510', packed)).toMatchObject({
      ok: false,
      message: 'At most 500 pieces per order.',
    });
    expect(checkQuantityField('90', packed)).toMatchObject({
      ok: true,
      unitPrice: 1000,
      total: 90_000,
    });
    expect(checkQuantityField('100', packed)).toMatchObject({
      ok: true,
      unitPrice: 800,
      total: 80_000,
    });
  });

  it('prices in cents, exactly: 3 pieces at $89.50 are $268.50', () => {
    const cable = { minimum: 1, available: 10, price: 89.5, contractPrice: 89.49 };
    expect(checkQuantityField('3', cable)).toEqual({
      ok: true,
      quantity: 3,
      unitPrice: 8949,
      total: 26_847,
    });
    expect(checkQuantityField('3', { ...cable, contractPrice: undefined })).toMatchObject({
      total: 26_850,
    });
  });

  it('refuses more than is available and less than the minimum with SPEC messages', () => {
    expect(checkQuantityField('1001', product)).toMatchObject({
      ok: false,
      message: messages.unavailableQuantity,
    });
    expect(checkQuantityField('49', product)).toMatchObject({
      ok: false,
      message: messages.minimumQuantity(50),
    });
  });

  it('says "Unavailable Quantity." as the server does when the stock is below the minimum', () => {
    // The form starts at the minimum; POST /order answers this message too (orders.test.ts).
    const short = { minimum: 10, available: 5, price: 30 };
    expect(checkQuantityField(String(short.minimum), short)).toMatchObject({
      ok: false,
      message: messages.unavailableQuantity,
    });
  });

  it('is silent for an empty field and refuses fractions', () => {
    expect(checkQuantityField('', product)).toBeNull();
    expect(checkQuantityField('60.5', product)).toMatchObject({
      ok: false,
      message: quantityMessages.notWhole,
    });
  });

  it('refuses a total above what one card payment can carry', () => {
    // The product's price is dollars, as the API answers it; the limit is cents.
    const pricey = { minimum: 1, available: 10, price: MAX_ORDER_TOTAL / 100 };
    expect(checkQuantityField('1', pricey)).toMatchObject({ ok: true, quantity: 1 });
    expect(checkQuantityField('2', pricey)).toMatchObject({
      ok: false,
      message: quantityMessages.totalTooHigh(2 * MAX_ORDER_TOTAL),
    });
  });
});
