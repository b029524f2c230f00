import { describe, expect, it } from 'vitest';
import {
  addressLines,
  addressMessages,
  formatAddress,
  postalAddressSchema,
  type PostalAddressInput,
} from './addresses.js';
import { COUNTRY_CODES } from './country-codes.js';
import { describeAuditChange } from './audit-text.js';
import { messages } from './messages.js';

const base = { name: 'Jane Doe', line1: '1 Main Street', city: 'Springfield' };

/** The issues of an address, by field. */
function problems(address: Partial<PostalAddressInput>): Record<string, string> {
  const result = postalAddressSchema.safeParse({ ...base, ...address });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const ok = (address: Partial<PostalAddressInput>) =>
  postalAddressSchema.parse({ ...base, ...address });

describe('postal codes by country', () => {
  it.each([
    ['US', 'CA', '94107'],
    ['US', 'NY', '10001-1234'],
    ['GB', null, 'SW1A 1AA'],
    ['GB', null, 'EC1A 1BB'],
    ['GB', null, 'M1 1AE'],
    ['DE', null, '10117'],
    ['DE', null, '01067'],
    ['FR', null, '75008'],
    ['NL', null, '1012 AB'],
    ['CA', 'ON', 'M5V 2T6'],
    ['AT', null, '1010'],
    ['CH', null, '8001'],
    ['AU', 'NSW', '2000'],
    ['JP', null, '100-0001'],
  ])('%s accepts %s %s', (country, region, postalCode) => {
    expect(problems({ country, region, postalCode })).toEqual({});
  });

  it.each([
    ['US', 'CA', '9410'],
    ['US', 'CA', '941070'],
    ['US', 'CA', '94107-12'],
    ['US', 'CA', 'ABCDE'],
    ['GB', null, 'SW1A'],
    ['GB', null, '12345'],
    ['DE', null, '1011'],
    ['DE', null, '101170'],
    ['DE', null, 'D-10117'],
    ['FR', null, '7500'],
    ['NL', null, '1012'],
    ['CA', 'ON', '12345'],
    ['AT', null, '10100'],
  ])('%s refuses %s %s with the country’s format', (country, region, postalCode) => {
    expect(problems({ country, region, postalCode })).toEqual({
      postalCode: addressMessages.postalCode(country),
    });
  });

  it('writes postal codes as the post does, and lets a country without them leave it empty', () => {
    expect(ok({ country: 'gb', postalCode: '  sw1a   1aa ' }).postalCode).toBe('SW1A 1AA');
    expect(problems({ country: 'DE', postalCode: '' })).toEqual({
      postalCode: addressMessages.postalCodeRequired,
    });
    // Hong Kong has no postal codes.
    expect(ok({ country: 'HK', postalCode: '' })).toMatchObject({ country: 'HK', postalCode: '' });
  });
});

describe('regions and countries', () => {
  it('needs a US state, a Canadian province and an Australian state, from the list', () => {
    expect(problems({ country: 'US', postalCode: '94107' })).toEqual({
      region: addressMessages.regionRequired('US'),
    });
    expect(problems({ country: 'US', region: 'XX', postalCode: '94107' })).toEqual({
      region: addressMessages.regionUnknown('US'),
    });
    expect(problems({ country: 'US', region: 'California', postalCode: '94107' })).toEqual({
      region: addressMessages.regionUnknown('US'),
    });
    expect(problems({ country: 'CA', postalCode: 'M5V 2T6' })).toEqual({
      region: addressMessages.regionRequired('CA'),
    });
    expect(ok({ country: 'us', region: 'ny', postalCode: '10001' })).toMatchObject({
      country: 'US',
      region: 'NY',
    });
    // Elsewhere a region is optional free text.
    expect(ok({ country: 'DE', region: 'Bayern', postalCode: '80331' }).region).toBe('Bayern');
  });

  it('takes ISO 3166-1 alpha-2 codes only', () => {
    expect(COUNTRY_CODES).toContain('DE');
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(249);
    for (const country of ['', 'XX', 'USA', 'EU', 'U1']) {
      expect(problems({ country, postalCode: '12345' }).country).toBe(addressMessages.country);
    }
  });

  it('refuses markup, control characters and line breaks, each on its own field', () => {
    expect(
      problems({ country: 'DE', postalCode: '10117', line1: '<script>alert(1)</script>' }),
    ).toEqual({ line1: addressMessages.characters });
    expect(problems({ country: 'DE', postalCode: '10117', city: 'Ber\nlin' })).toMatchObject({
      city: messages.oneLine,
    });
    expect(problems({ country: 'DE', postalCode: '10117', name: '' })).toEqual({
      name: addressMessages.name,
    });
    expect(problems({ country: 'DE', postalCode: '10117', line2: 'x'.repeat(121) })).toEqual({
      line2: addressMessages.line2,
    });
    expect(ok({ country: 'DE', postalCode: '10117', company: '', line2: ' ' })).toMatchObject({
      company: null,
      line2: null,
    });
  });
});

describe('formatAddress', () => {
  it('writes one line in the country’s order', () => {
    expect(
      formatAddress(
        ok({
          company: 'Acme Inc',
          line2: 'Suite 4',
          country: 'US',
          region: 'CA',
          postalCode: '94107',
        }),
      ),
    ).toBe('Jane Doe, Acme Inc, 1 Main Street, Suite 4, Springfield, CA 94107, United States');
    expect(formatAddress(ok({ city: 'Berlin', country: 'DE', postalCode: '10117' }))).toBe(
      'Jane Doe, 1 Main Street, 10117 Berlin, Germany',
    );
    expect(formatAddress(ok({ city: 'London', country: 'GB', postalCode: 'sw1a 1aa' }))).toBe(
      'Jane Doe, 1 Main Street, London SW1A 1AA, United Kingdom',
    );
    expect(addressLines(ok({ city: 'Berlin', country: 'DE', postalCode: '10117' }))).toEqual([
      'Jane Doe',
      '1 Main Street',
      '10117 Berlin',
      'Germany',
    ]);
  });
});

describe('audit words for locations', () => {
  it('names the location and each change', () => {
    expect(
      describeAuditChange({
        action: 'location.update',
        details: {
          name: 'HQ',
          changes: {
            address: { from: 'A, 1 Road, Leeds', to: 'B, 2 Road, Leeds' },
            taxExempt: { from: false, to: true },
          },
        },
      }),
    ).toBe('HQ: Address A, 1 Road, Leeds -> B, 2 Road, Leeds; Tax exempt no -> yes');
    expect(
      describeAuditChange({
        action: 'location.create',
        details: { name: 'HQ', address: 'A, 1 Road, Leeds', taxExempt: false },
      }),
    ).toBe('HQ: A, 1 Road, Leeds, tax exempt no');
  });
});
