/*
 * The rates the tax engine knows by itself (docs/decisions/035-the-tax-model.md).
 *
 * EU standard VAT rates of the 27 member states, as fractions.
 * Source: European Commission, DG TAXUD, "VAT rates applied in the Member States of the European
 * Union, situation at 1 January 2026" (taxation-customs.ec.europa.eu, "VAT rates"), checked
 * against the changes of 2024-2025: Finland 25.5 % from 1 September 2024, Slovakia 23 % from
 * 1 January 2025, Estonia 24 % from 1 July 2025, Romania 21 % from 1 August 2025.
 * Only the standard rate: the shop sells industrial goods, none of which a reduced rate covers.
 * Keys are ISO 3166-1 alpha-2 country codes (Greece is GR here; its VAT ids start with EL).
 */
export const EU_VAT_STANDARD_RATES = {
  AT: 0.2,
  BE: 0.21,
  BG: 0.2,
  CY: 0.19,
  CZ: 0.21,
  DE: 0.19,
  DK: 0.25,
  EE: 0.24,
  ES: 0.21,
  FI: 0.255,
  FR: 0.2,
  GR: 0.24,
  HR: 0.25,
  HU: 0.27,
  IE: 0.23,
  IT: 0.22,
  LT: 0.21,
  LU: 0.17,
  LV: 0.21,
  MT: 0.18,
  NL: 0.21,
  PL: 0.23,
  PT: 0.23,
  RO: 0.21,
  SE: 0.25,
  SI: 0.22,
  SK: 0.23,
} as const satisfies Record<string, number>;

/** The date of the rate table above: a reviewer checks it against the Commission's list. */
export const EU_VAT_RATES_AS_OF = '2026-01-01';

export type EuCountry = keyof typeof EU_VAT_STANDARD_RATES;
export const EU_COUNTRIES = Object.keys(EU_VAT_STANDARD_RATES) as EuCountry[];

export const isEuCountry = (country: string): country is EuCountry =>
  Object.hasOwn(EU_VAT_STANDARD_RATES, country);

/** The 50 states and the District of Columbia: the regions a US rate or exemption names. */
export const US_TAX_REGIONS = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export type UsState = (typeof US_TAX_REGIONS)[number];

const usStates: ReadonlySet<string> = new Set(US_TAX_REGIONS);
export const isUsState = (region: string): region is UsState => usStates.has(region);

/** The countries a seller may be in: the US, or a member state of the EU. */
export const SELLER_COUNTRIES = ['US', ...EU_COUNTRIES] as const;
export type SellerCountry = 'US' | EuCountry;
export const isSellerCountry = (country: string): country is SellerCountry =>
  country === 'US' || isEuCountry(country);
