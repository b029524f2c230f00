import { describe, expect, it } from 'vitest';
import { productUpdateSchema, userInfoSchema } from './admin.js';
import { messages } from './messages.js';

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

describe('userInfoSchema', () => {
  it('requires all four fields with the SPEC message', () => {
    const result = userInfoSchema.safeParse({
      education: '',
      location: 'Leeds',
      number: '555',
      linkedin: ' ',
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => [i.path[0], i.message]);
    expect(fields).toEqual([
      ['education', messages.required],
      ['linkedin', messages.required],
    ]);
  });
});
