import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  LIMITS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SPEC_PASSWORD_MAX_LENGTH,
} from './constants.js';
import {
  addressSchema,
  emailSchema,
  freeTextSchema,
  imageUrlSchema,
  isOneLine,
  isSafeText,
  nameSchema,
  newsletterEmailSchema,
  passwordSchema,
  phoneSchema,
  profileImageSchema,
  ratingSchema,
  SPEC_ADDRESS_PATTERN,
  SPEC_EMAIL_PATTERN,
  SPEC_PASSWORD_PATTERN,
  SPEC_PHONE_PATTERN,
} from './fields.js';
import { messages } from './messages.js';
import { joinAddressLines } from './text.js';

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

/**
 * Strings SPEC's own pattern accepts, to hold a widened rule to SPEC's floor. fast-check cannot
 * generate from lookaheads, so `within` (SPEC's pattern without them) generates and `pattern`
 * filters.
 */
const specValues = (pattern: RegExp, within = pattern) =>
  fc.sample(
    fc.stringMatching(within).filter((value) => pattern.test(value)),
    { numRuns: 300, seed: 10 },
  );

describe('field rules: SPEC section 5, widened for real customers (DESIGN section 8)', () => {
  it('an empty login email says the field is required', () => {
    expect(firstError(emailSchema, '')).toBe(messages.required);
    expect(firstError(emailSchema, '   ')).toBe(messages.required);
    expect(firstError(emailSchema, undefined)).toBe(messages.required);
  });

  rule(
    'login and signup email',
    emailSchema,
    [
      // SPEC's own
      'buyer@acme.com',
      'ops42@parts.io',
      'a1@b.de',
      // what real customers type
      'john.doe@acme.co.uk',
      'John.Doe@Acme.co.uk',
      'jane@my-company.com',
      'JANE@MY-COMPANY.COM',
      ' buyer@acme.com ',
      'buyer+orders@acme.com',
      "o'brien@acme.ie",
      'buyer@acme.info',
      'first_last@mail.parts-works.com.au',
    ],
    [
      'buyer@acme',
      'buyer@@acme.com',
      'buyer.@acme.com',
      '.buyer@acme.com',
      'bu..yer@acme.com',
      'buyer@acme..com',
      'buyer@-acme.com',
      'buyer@acme.c',
      'buyer@acme.c0m',
      'buyer acme@acme.com',
      'buyer@acme.com\u0000',
      'a\u0000b@acme.com',
      '<script>@acme.com',
      'not-an-email',
      `${'a'.repeat(64)}@${'b'.repeat(186)}.com`,
    ],
    messages.invalidEmail,
  );

  it('trims and lowercases an email, so it compares as Better Auth stores it', () => {
    expect(emailSchema.parse('  John.Doe@Acme.CO.UK ')).toBe('john.doe@acme.co.uk');
  });

  it('accepts every email SPEC accepts, unchanged', () => {
    for (const value of specValues(SPEC_EMAIL_PATTERN)) {
      expect(emailSchema.safeParse(value), value).toEqual({ success: true, data: value });
    }
  });

  it('an empty password gives the required message', () => {
    expect(firstError(passwordSchema, '')).toBe(messages.required);
  });
  rule(
    'password',
    passwordSchema,
    [
      // SPEC's own
      'abc12!',
      'Secret#2026',
      'a1!a1!a1!a1!a1!a',
      '1234!@',
      // longer than 16, spaces, any symbol, any script
      'a1!a1!a1!a1!a1!a1',
      'correct horse battery staple, 2026 edition',
      'abc 12!',
      'abc12?',
      'pässwort1!',
      'пароль-2026',
      ' lead and trail 1! ',
      `${'a'.repeat(PASSWORD_MAX_LENGTH - 2)}1!`,
    ],
    [
      'ab1!',
      'a1!',
      'abcdefgh',
      'abcdef1',
      'abcdef!',
      'correct horse battery staple',
      'staple 2026 edition',
      `${'a'.repeat(PASSWORD_MAX_LENGTH - 1)}1!`,
      'abc12!\u0000',
      'abc\t12!',
      'abc\n12!',
      'abc12!\u007f',
      'abc12!\u0085',
      'abc12!\ud800',
    ],
    messages.invalidPassword,
  );

  it('accepts every password SPEC accepts', () => {
    const within = new RegExp(
      `^[A-Za-z\\d!@#$%^&*]{${PASSWORD_MIN_LENGTH},${SPEC_PASSWORD_MAX_LENGTH}}$`,
    );
    for (const value of specValues(SPEC_PASSWORD_PATTERN, within)) {
      expect(firstError(passwordSchema, value), value).toBeNull();
    }
  });

  rule(
    'signup name',
    nameSchema,
    ['Jo', 'Ada Lovelace', 'A'.repeat(30), 'mary ann smith'],
    ['J', 'A'.repeat(31), 'R2D2', "O'Brien", 'Jean-Luc', 'Zoë Smith', 'Pat\u0000'],
    messages.invalidName,
  );

  rule(
    'purchase phone number',
    phoneSchema,
    [
      // SPEC's own
      '5551234567',
      '+5551234567',
      '(555) 123-4567',
      '555-123-4567',
      '555.123.456789',
      '+(555)1234567',
      // international, as people write them
      '+44 20 7946 0958',
      '+1 (555) 123-4567',
      '+1 555 123 4567',
      '+49 (0)30 123456',
      '+44 (0) 20 7946 0958',
      '020 7946 0958',
      '+81-3-1234-5678',
      '06.12.34.56.78',
      '555-1234',
      '+861012345678901',
    ],
    [
      '12345',
      '123-456',
      '+8610123456789012',
      'phone',
      '555_123_4567',
      '555--123-4567',
      '555 - 123 - 4567',
      '++44 20 7946 0958',
      '44+ 20 7946 0958',
      '((555)) 123-4567',
      '() 555 123 4567',
      '555 123 4567 ',
      ' 555 123 4567',
      '-555 123 4567',
      '555 123 4567 ext 2',
      '555\u0000123\u00004567',
      '+44\u000020 7946 0958',
      '+44\n20 7946 0958',
      '+44 20 7946 0958\u0085',
      '5'.repeat(41),
    ],
    messages.invalidPhone,
  );

  it('accepts every phone number SPEC accepts, on one line (its \\s let tabs and line breaks in)', () => {
    for (const value of specValues(SPEC_PHONE_PATTERN)) {
      const expected = isOneLine(value) ? null : messages.oneLine;
      expect(firstError(phoneSchema, value), JSON.stringify(value)).toBe(expected);
    }
  });

  it.each([
    [phoneSchema, '555\t123\t4567'],
    [phoneSchema, '555\n123\n4567'],
    [phoneSchema, '555\r123 4567'],
    [addressSchema, '12 King Road\nLondon'],
    [addressSchema, '12 King Road\r\nLondon'],
    [addressSchema, '12\tKing Road'],
    [addressSchema, '12 King Road\u2028London'],
  ])('refuses a tab or line break SPEC let through in a field of one line: %#', (schema, value) => {
    expect(firstError(schema, value)).toBe(messages.oneLine);
  });

  rule(
    'purchase address',
    addressSchema,
    [
      // SPEC's own
      "12 King's Road, London",
      'Unit 4-B, 77 Harbor St.',
      'Abc',
      // what real addresses hold
      'Unit 4/B #2',
      '12 Main St #4',
      'Straße 5',
      'Flat 3 & 4, Rue de l’Église 5°, Zürich',
      'Calle 5 Nº 12, 3º 2ª',
      'Mühlenweg 12 (Hinterhaus)',
      '東京都千代田区1-1',
      'ул. Ленина, д. 5',
    ],
    [
      'ab',
      '#2',
      '<script>',
      'javascript:alert(1)',
      "'; DROP TABLE orders; --",
      'Road = 5',
      'Road "5"',
      'Road\u0000',
      'Road\u001b[31m',
      'Road\u007f',
      'Road\u0085',
      'Road\ud800',
      'A'.repeat(201),
    ],
    messages.invalidAddress,
  );

  it('accepts every address SPEC accepts, up to the length limit', () => {
    for (const value of specValues(SPEC_ADDRESS_PATTERN)) {
      if (value.length > LIMITS.address) continue;
      const expected = isOneLine(value) ? null : messages.oneLine;
      expect(firstError(addressSchema, value), JSON.stringify(value)).toBe(expected);
    }
  });

  it('an empty phone or address says the field is required', () => {
    expect(firstError(phoneSchema, '')).toBe(messages.required);
    expect(firstError(addressSchema, '')).toBe(messages.required);
  });
});

describe('newsletter email', () => {
  it('is the login rule: any ordinary address, with case and spaces normalised', () => {
    expect(newsletterEmailSchema).toBe(emailSchema);
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

describe("a person's picture (Better Auth's image)", () => {
  it('takes an absolute http(s) URL, or null to remove it', () => {
    for (const v of ['https://lh3.googleusercontent.com/a/pic=s96-c', 'http://x.io/me.png', null])
      expect(firstError(profileImageSchema, v)).toBeNull();
  });
  it('refuses paths, other schemes, control characters and overlong URLs', () => {
    for (const v of [
      '/images/me.png',
      '//evil.example/me.png',
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      '',
      `https://x.io/${'a'.repeat(LIMITS.imageUrl)}`,
      42,
    ])
      expect(firstError(profileImageSchema, v)).toBe(messages.invalidImageUrl);
    expect(firstError(profileImageSchema, 'https://x.io/a\u0000b')).toBe(messages.unsafeText);
  });
});

describe('fields of one line and of many', () => {
  it('isOneLine refuses every control character, tabs and line breaks included', () => {
    for (const value of ['a\tb', 'a\nb', 'a\rb', 'a\u0000b', 'a\u007fb', 'a\u0085b', 'a\u2028b'])
      expect(isOneLine(value), JSON.stringify(value)).toBe(false);
    expect(isOneLine('Unit 4/B #2, Rue de l’Église 5°')).toBe(true);
  });

  it('free text (a review) keeps its line breaks and tabs', () => {
    const text = 'Fast drive.\n\nWould buy again:\tyes';
    expect(freeTextSchema(2000).parse(text)).toBe(text);
  });
});

describe('joinAddressLines', () => {
  it('makes one line of an address typed on several, which the address rule then takes', () => {
    const typed = '  Unit 4/B, Harbour Road,\r\n\n Leeds\tLS1 4DY \n';
    const joined = joinAddressLines(typed);
    expect(joined).toBe('Unit 4/B, Harbour Road, Leeds LS1 4DY');
    expect(addressSchema.safeParse(typed).success).toBe(false);
    expect(addressSchema.safeParse(joined).success).toBe(true);
  });

  it('leaves a one-line address as it is', () => {
    expect(joinAddressLines('500 Howard Street, San Francisco')).toBe(
      '500 Howard Street, San Francisco',
    );
  });
});
