import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTax, REVERSE_CHARGE_NOTE, taxOfCents, type TaxInput } from './engine.js';
import { EU_COUNTRIES, EU_VAT_STANDARD_RATES } from './rates.js';
import { checkVatIdFormat } from './vat-id.js';

/*
 * The rules of the tax engine on published examples (issue 29, docs/decisions/035). VAT ids are
 * ones the registers publish as examples: DE136695976 (the German Federal Central Tax Office's),
 * FR40303265045 (a French SIREN with its key).
 */

const usSeller: TaxInput = {
  seller: { country: 'US', taxId: '12-3456789' },
  nexusStates: ['CA', 'NY'],
  // 2026 state base rates (Tax Foundation, "State and Local Sales Tax Rates, 2026").
  usRates: { CA: 0.0725, NY: 0.04, TX: 0.0625 },
  destination: { country: 'US', region: 'CA' },
  buyer: { isBusiness: true, vatId: null, vatIdCheck: 'skipped' },
  exemptions: [],
  on: '2026-11-27',
  lines: [10_000],
  shipping: 0,
};

const germanSeller: TaxInput = {
  ...usSeller,
  seller: { country: 'DE', taxId: 'DE136695976' },
  nexusStates: [],
  usRates: {},
  destination: { country: 'FR', region: null },
  buyer: { isBusiness: false, vatId: null, vatIdCheck: 'skipped' },
};

const frenchBusiness = {
  isBusiness: true,
  vatId: 'FR40303265045',
  vatIdCheck: 'valid',
} as const;

describe('a US seller', () => {
  it('charges the state rate in a nexus state: $100 to California at 7.25 % is $7.25', () => {
    const result = computeTax(usSeller);
    expect(result.treatment).toBe('us_nexus');
    expect(result.lineTax).toEqual([725]);
    expect(result.tax).toBe(725);
    expect(result.taxLines).toEqual([
      { name: 'Sales tax CA 7.25 %', rate: 0.0725, base: 10_000, amount: 725 },
    ]);
    expect(result.reverseCharge).toBe(false);
  });

  it('taxes shipping like the goods it carries', () => {
    const result = computeTax({ ...usSeller, lines: [10_000, 2_000], shipping: 1_500 });
    expect(result.lineTax).toEqual([725, 145]);
    expect(result.shippingTax).toBe(109); // 15.00 x 7.25 % = 1.0875 -> 1.09
    expect(result.tax).toBe(979);
    expect(result.taxLines[0]).toMatchObject({ base: 13_500, amount: 979 });
  });

  it('collects nothing in a state without nexus', () => {
    const result = computeTax({ ...usSeller, destination: { country: 'US', region: 'TX' } });
    expect(result.treatment).toBe('us_no_nexus');
    expect(result.tax).toBe(0);
    expect(result.taxLines).toEqual([]);
  });

  it('exempts with an approved certificate until the day it expires, and taxes after', () => {
    const exemptions = [{ region: 'CA', expiresOn: '2026-06-30' }];
    const on = (day: string) => computeTax({ ...usSeller, exemptions, on: day });
    expect(on('2026-06-29')).toMatchObject({ treatment: 'us_exempt', tax: 0 });
    expect(on('2026-06-30')).toMatchObject({ treatment: 'us_exempt', tax: 0 });
    expect(on('2026-07-01')).toMatchObject({ treatment: 'us_nexus', tax: 725 });
  });

  it("does not exempt with another state's certificate", () => {
    const exemptions = [{ region: 'NY', expiresOn: '2030-01-01' }];
    expect(computeTax({ ...usSeller, exemptions }).treatment).toBe('us_nexus');
  });

  it('sells to a German buyer as an export, untaxed', () => {
    const result = computeTax({
      ...usSeller,
      destination: { country: 'DE', region: null },
      buyer: { isBusiness: true, vatId: 'DE136695976', vatIdCheck: 'valid' },
    });
    expect(result).toMatchObject({ treatment: 'export', tax: 0, reverseCharge: false });
    expect(result.lineTax).toEqual([0]);
  });

  it('sells to Switzerland as an export', () => {
    const result = computeTax({ ...usSeller, destination: { country: 'CH', region: 'ZH' } });
    expect(result).toMatchObject({ treatment: 'export', tax: 0 });
  });
});

describe('a German seller', () => {
  it('charges a French consumer the French rate (20 %) under OSS', () => {
    const result = computeTax({ ...germanSeller, lines: [10_000], shipping: 990 });
    expect(result.treatment).toBe('eu_oss');
    expect(result.lineTax).toEqual([2_000]);
    expect(result.shippingTax).toBe(198);
    expect(result.taxLines).toEqual([
      { name: 'VAT FR 20 %', rate: 0.2, base: 10_990, amount: 2_198 },
    ]);
  });

  it('reverse-charges a French business whose VAT id passes its checks and VIES', () => {
    const result = computeTax({ ...germanSeller, buyer: frenchBusiness, shipping: 500 });
    expect(result).toMatchObject({
      treatment: 'eu_reverse_charge',
      reverseCharge: true,
      tax: 0,
      shippingTax: 0,
      note: REVERSE_CHARGE_NOTE,
    });
    expect(result.taxLines).toEqual([
      { name: 'VAT reverse charge 0 %', rate: 0, base: 10_500, amount: 0 },
    ]);
  });

  it('reverse-charges on the format check alone when no VIES is configured', () => {
    const buyer = { ...frenchBusiness, vatIdCheck: 'skipped' } as const;
    expect(computeTax({ ...germanSeller, buyer }).reverseCharge).toBe(true);
  });

  it('charges VAT when VIES does not answer: never a silent zero', () => {
    const buyer = { ...frenchBusiness, vatIdCheck: 'unavailable' } as const;
    expect(computeTax({ ...germanSeller, buyer })).toMatchObject({
      treatment: 'eu_oss',
      reverseCharge: false,
      tax: 2_000,
    });
  });

  it('charges VAT when VIES says the id is invalid', () => {
    const buyer = { ...frenchBusiness, vatIdCheck: 'invalid' } as const;
    expect(computeTax({ ...germanSeller, buyer }).tax).toBe(2_000);
  });

  it('charges VAT when the check digits fail, whatever VIES said', () => {
    const buyer = { ...frenchBusiness, vatId: 'FR41303265045' };
    expect(computeTax({ ...germanSeller, buyer }).treatment).toBe('eu_oss');
  });

  it("charges VAT to a business whose VAT id is of another country than the goods' destination", () => {
    const buyer = { ...frenchBusiness, vatId: 'ATU13585627' };
    expect(computeTax({ ...germanSeller, buyer }).treatment).toBe('eu_oss');
  });

  it('charges a consumer with a VAT id, and a business without one', () => {
    expect(
      computeTax({ ...germanSeller, buyer: { ...frenchBusiness, isBusiness: false } }).tax,
    ).toBe(2_000);
    expect(computeTax({ ...germanSeller, buyer: { ...frenchBusiness, vatId: null } }).tax).toBe(
      2_000,
    );
  });

  it('charges its own rate at home, to a business too (19 %)', () => {
    const result = computeTax({
      ...germanSeller,
      destination: { country: 'DE', region: null },
      buyer: { isBusiness: true, vatId: 'DE136695976', vatIdCheck: 'valid' },
    });
    expect(result).toMatchObject({ treatment: 'domestic', tax: 1_900, reverseCharge: false });
  });

  it('sells to Switzerland as an export', () => {
    const result = computeTax({ ...germanSeller, destination: { country: 'CH', region: null } });
    expect(result).toMatchObject({ treatment: 'export', tax: 0, taxLines: [] });
  });
});

describe('rounding at the cent', () => {
  it('rounds each line half-up, then adds the lines (EN 16931)', () => {
    // 0.50 EUR at 19 % is 0.095: half-up is 0.10; two such lines are 0.20, not 0.19 of the sum.
    const result = computeTax({
      ...germanSeller,
      destination: { country: 'DE', region: null },
      lines: [50, 50, 123],
    });
    expect(result.lineTax).toEqual([10, 10, 23]); // 1.23 x 19 % = 0.2337 -> 0.23
    expect(result.tax).toBe(43);
  });

  it('rounds an exact half up, at any size', () => {
    expect(taxOfCents(50, 0.19)).toBe(10); // 9.5
    expect(taxOfCents(150, 0.19)).toBe(29); // 28.5
  });

  it('rounds half-up with rates of several decimals (NJ 6.625 %)', () => {
    expect(taxOfCents(1_000, 0.06625)).toBe(66); // 66.25 -> 66
    expect(taxOfCents(200, 0.0625)).toBe(13); // 12.5 -> 13
    expect(taxOfCents(0, 0.2)).toBe(0);
  });

  it('is exact for every amount a purchase can hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 214_748_364_700 }), (cents) => {
        const tax = taxOfCents(cents, 0.19);
        // tax is the integer nearest to cents x 0.19, a half rounded up: -50 < 100 tax - 19 cents <= 50.
        const diff = BigInt(tax) * 100n - BigInt(cents) * 19n;
        return diff > -50n && diff <= 50n;
      }),
    );
  });
});

describe('the EU rate table and VAT ids', () => {
  it('has the 27 member states, each standard rate between 17 % and 27 %', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    for (const country of EU_COUNTRIES) {
      expect(EU_VAT_STANDARD_RATES[country]).toBeGreaterThanOrEqual(0.17);
      expect(EU_VAT_STANDARD_RATES[country]).toBeLessThanOrEqual(0.27);
    }
  });

  it.each([
    ['DE136695976', 'DE'],
    ['FR40303265045', 'FR'],
    ['IT00743110157', 'IT'],
    ['ESA28015865', 'ES'],
    ['NL004495445B01', 'NL'],
    ['ATU13585627', 'AT'],
    ['BE0411905847', 'BE'],
    ['PL5260250995', 'PL'],
    ['EL094259216', 'GR'],
    ['de 136 695 976', 'DE'],
  ])('accepts %s (%s)', (vatId, country) => {
    expect(checkVatIdFormat(vatId)).toMatchObject({ valid: true, country });
  });

  it.each([
    ['DE136695977', 'check_digits'],
    ['FR40303265046', 'check_digits'],
    ['DE12345', 'format'],
    ['US123456789', 'not_eu'],
    ['12-3456789', 'not_eu'],
  ])('refuses %s (%s)', (vatId, reason) => {
    expect(checkVatIdFormat(vatId)).toEqual({ valid: false, reason });
  });
});

describe("a company's tax id", () => {
  it('takes a valid EU VAT id, and any id that is not an EU VAT id', async () => {
    const { companyTaxIdSchema } = await import('../companies.js');
    expect(companyTaxIdSchema.parse('DE 136 695 976')).toBe('DE 136 695 976');
    expect(companyTaxIdSchema.parse('12-3456789')).toBe('12-3456789');
    expect(companyTaxIdSchema.parse('GB123456789')).toBe('GB123456789');
    expect(companyTaxIdSchema.parse('')).toBeNull();
  });

  it('refuses an EU VAT id whose check digits fail, saying so', async () => {
    const { companyTaxIdSchema } = await import('../companies.js');
    const { vatIdMessages } = await import('./vat-id.js');
    const result = companyTaxIdSchema.safeParse('DE136695977');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(vatIdMessages.checkDigits('DE136695977'));
    expect(companyTaxIdSchema.safeParse('FR123').error?.issues[0]?.message).toBe(
      vatIdMessages.format('FR123'),
    );
  });
});
