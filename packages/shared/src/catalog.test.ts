import { describe, expect, it } from 'vitest';
import { productUpdateSchema } from './catalog.js';

describe('productUpdateSchema', () => {
  it('takes any of price, minimum, stock and description', () => {
    expect(productUpdateSchema.parse({ available: 500 })).toEqual({ available: 500 });
    expect(productUpdateSchema.parse({ price: 0, minimum: 1, description: ' New text ' })).toEqual({
      price: 0,
      minimum: 1,
      description: 'New text',
    });
  });
  it('refuses an empty change, unknown fields, fractions and a minimum below 1', () => {
    for (const body of [{}, { name: 'X' }, { price: 1.5 }, { minimum: 0 }, { available: -1 }])
      expect(productUpdateSchema.safeParse(body).success).toBe(false);
  });
});
