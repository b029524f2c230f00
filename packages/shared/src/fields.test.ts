import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addressSchema,
  emailSchema,
  imageUrlSchema,
  isSafeText,
  nameSchema,
  newsletterEmailSchema,
  passwordSchema,
  phoneSchema,
  ratingSchema,
} from './fields.js';
import { messages } from './messages.js';

/** The first message a schema gives for a value, or null when the value is accepted. */
function firstError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'unknown');
}

function rule(
  name: string,
  schema: z.ZodType,
  accepted: unknown[],
  rejected: unknown[],
  message: string,
) {
  describe(name, () => {
    it.each(accepted.map((v) => [v]))('accepts %j', (value) => {
      expect(firstError(schema, value)).toBeNull();
    });
    it.each(rejected.map((v) => [v]))(`rejects %j with "${message}"`, (value) => {
      expect(firstError(schema, value)).toBe(message);
    });
  });
}

describe('SPEC section 5 field rules', () => {
  it('an empty login email says the field is required', () => {
    expect(firstError(emailSchema, '')).toBe(messages.required);
    expect(firstError(emailSchema, undefined)).toBe(messages.required);
  });

  rule(
    'login and signup email',
    emailSchema,
    ['buyer@acme.com', 'ops42@parts.io', 'a1@b.de'],
    [
      'Buyer@acme.com',
      'buyer.name@acme.com',
      'buyer@acme.co.uk',
      'buyer@acme.comm',
      'buyer@acme',
      'buyer@@acme.com',
      ' buyer@acme.com',
      'buyer@ac-me.com',
    ],
    messages.invalidEmail,
  );

  it('an empty password gives the required message', () => {
    expect(firstError(passwordSchema, '')).toBe(messages.required);
  });
  rule(
    'password',
    passwordSchema,
    ['abc12!', 'Secret#2026', 'a1!a1!a1!a1!a1!a', '1234!@'],
    [
      'ab1!',
      'abcdefgh',
      'abcdef1',
      'abcdef!',
      'a1!a1!a1!a1!a1!a1',
      'abc 12!',
      'abc12?',
      'pässwort1!',
    ],
    messages.invalidPassword,
  );

  rule(
    'signup name',
    nameSchema,
    ['Jo', 'Ada Lovelace', 'A'.repeat(30), 'mary ann smith'],
    ['J', 'A'.repeat(31), 'R2D2', "O'Brien", 'Jean-Luc', 'Zoë Smith'],
    messages.invalidName,
  );

  rule(
    'purchase phone number',
    phoneSchema,
    [
      '5551234567',
      '+5551234567',
      '(555) 123-4567',
      '555-123-4567',
      '555.123.456789',
      '+(555)1234567',
    ],
    ['555-1234', '55512345678901', '(55) 123-4567', 'phone', '555_123_4567', '+1 555 123 4567'],
    messages.invalidPhone,
  );

  rule(
    'purchase address',
    addressSchema,
    ["12 King's Road, London", 'Unit 4-B, 77 Harbor St.', 'Abc'],
    ['ab', '12 Main St #4', '<script>', 'Straße 5', 'A'.repeat(201)],
    messages.invalidAddress,
  );

  it('an empty phone or address says the field is required', () => {
    expect(firstError(phoneSchema, '')).toBe(messages.required);
    expect(firstError(addressSchema, '')).toBe(messages.required);
  });
});

describe('newsletter email', () => {
  it('accepts any ordinary address and normalises case and spaces', () => {
    expect(newsletterEmailSchema.parse('  Jane.Doe@Example.co.uk ')).toBe('jane.doe@example.co.uk');
  });
  it('rejects what is not an address', () => {
    expect(firstError(newsletterEmailSchema, 'not-an-email')).toBe(messages.invalidEmail);
    expect(firstError(newsletterEmailSchema, '')).toBe(messages.required);
    expect(firstError(newsletterEmailSchema, 42)).toBe(messages.required);
  });
});

describe('rating', () => {
  it('takes whole stars from 0 to 5', () => {
    for (const r of [0, 1, 5]) expect(ratingSchema.safeParse(r).success).toBe(true);
    for (const r of [-1, 6, 2.5, '4', null]) expect(ratingSchema.safeParse(r).success).toBe(false);
  });
});

describe('product image', () => {
  it('takes http(s) URLs and paths on this site', () => {
    for (const v of [
      'https://cdn.example.com/a.png',
      'http://x.io/b.jpg',
      '/images/products/cpu.svg',
    ])
      expect(imageUrlSchema.safeParse(v).success).toBe(true);
  });
  it('refuses other schemes and protocol-relative paths', () => {
    for (const v of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      '//evil.example/x.png',
      'ftp://x/y',
      'cpu.svg',
      '',
    ])
      expect(imageUrlSchema.safeParse(v).success).toBe(false);
  });
});

describe('free text the shop stores', () => {
  it('takes any language, emoji, markup, tabs and line breaks', () => {
    for (const v of ['Zoë’s café', 'שלום', '😀 fast', '<b>bold</b>', "' OR 1=1 --", 'a\tb\r\nc'])
      expect(isSafeText(v)).toBe(true);
  });
  it('refuses NUL and other control characters, and lone surrogates', () => {
    for (const v of [
      'a\u0000b',
      'bell\u0007',
      'esc\u001b[31m',
      'del\u007f',
      '\u0085',
      '\ud800',
      'x\udfffy',
    ])
      expect(isSafeText(v)).toBe(false);
  });
  it('is part of the image rule', () => {
    expect(firstError(imageUrlSchema, '/images/\u0000.svg')).toBe(messages.unsafeText);
  });
});
