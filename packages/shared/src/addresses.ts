import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import { isCountryCode } from './country-codes.js';
import { isOneLine } from './fields.js';
import { messages } from './messages.js';

/**
 * Structured postal addresses (DESIGN section 9, issue 29): `{ name, company?, line1, line2?,
 * city, region?, postalCode, country }`, the country an ISO 3166-1 alpha-2 code. The postal code
 * is checked by the country's format (postcode-validator: US ZIP and ZIP+4, UK postcode, DE PLZ
 * and some 190 others); the region is required, and one of a known list, where a country's post
 * needs it (US states, Canadian provinces, Australian states). `formatAddress` writes one on one
 * line, the form SPEC's `address` field and every reader of it keep (docs/decisions/034).
 */

export const ADDRESS_NAME_MAX = 120;
export const ADDRESS_LINE_MAX = 120;
export const ADDRESS_CITY_MAX = 80;
export const ADDRESS_REGION_MAX = 80;
export const POSTAL_CODE_MAX = 16;

/** US states, the District of Columbia, the territories and the armed forces' post codes (USPS). */
export const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

/** Canada's provinces and territories (Canada Post's two-letter codes). */
export const CA_PROVINCES: Record<string, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/** Australia's states and territories (Australia Post's abbreviations). */
export const AU_STATES: Record<string, string> = {
  ACT: 'Australian Capital Territory',
  NSW: 'New South Wales',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  VIC: 'Victoria',
  WA: 'Western Australia',
};

/** Countries whose post needs a region, with the codes it knows. Elsewhere a region is optional. */
export const REGIONS_BY_COUNTRY: Record<string, Record<string, string>> = {
  US: US_STATES,
  CA: CA_PROVINCES,
  AU: AU_STATES,
};

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** A country's English name ("Germany"), or its code when the runtime does not know it. */
export function countryName(code: string): string {
  return countryNames.of(code) ?? code;
}

/** Whether the country's post uses postal codes of a format the validator knows. */
export const hasPostalCodes = (country: string) => postcodeValidatorExistsForCountry(country);

export const addressMessages = {
  name: `Please give the recipient's name (1 to ${ADDRESS_NAME_MAX} characters).`,
  company: `Please give a company name of at most ${ADDRESS_NAME_MAX} characters.`,
  line1: `Please give the street address (1 to ${ADDRESS_LINE_MAX} characters).`,
  line2: `Please give the second address line in at most ${ADDRESS_LINE_MAX} characters.`,
  city: `Please give the city (1 to ${ADDRESS_CITY_MAX} characters).`,
  region: `Please give the state, province or region in at most ${ADDRESS_REGION_MAX} characters.`,
  country: 'Please choose a country (its two-letter ISO code, for example US or DE).',
  characters:
    'Please use letters, digits, spaces and , . \' - / # & ( ) only: no < > " ; = or control characters.',
  regionRequired: (country: string) =>
    country === 'US'
      ? 'Please choose the state (for example CA or NY).'
      : `Please choose the ${country === 'CA' ? 'province or territory' : 'state or territory'}.`,
  regionUnknown: (country: string) =>
    `${countryName(country)} has no region with this code: please choose one from the list.`,
  postalCode: (country: string) => postalCodeMessage(country),
  postalCodeRequired: 'Please give the postal code.',
} as const;

/** What a postal code of the country looks like, in the message that refuses one. */
const POSTAL_EXAMPLES: Record<string, string> = {
  US: 'a ZIP code of 5 digits, or ZIP+4 (for example 94107 or 94107-1234)',
  GB: 'a UK postcode (for example SW1A 1AA)',
  DE: 'a postcode (PLZ) of 5 digits (for example 10115)',
  FR: 'a code postal of 5 digits (for example 75008)',
  CA: 'a postal code like K1A 0B1',
  NL: 'a postcode like 1012 AB',
  AT: 'a postcode of 4 digits (for example 1010)',
  CH: 'a postcode of 4 digits (for example 8001)',
  AU: 'a postcode of 4 digits (for example 2000)',
  JP: 'a postal code like 100-0001',
};

function postalCodeMessage(country: string): string {
  const example = POSTAL_EXAMPLES[country];
  return example
    ? `Please give ${example}.`
    : `This is not a postal code of ${countryName(country)}: please check it.`;
}

/** Characters addresses use in any script (fields.ts's ADDRESS_PATTERN, any length). */
const ADDRESS_CHARS = /^[\p{L}\p{M}\p{N}\s,.'’/#&°()+ºª№-]*$/u;
/** Names and company names may also hold @ ! ? * _ and quotes-free symbols of trade names. */
const NAME_CHARS = /^[\p{L}\p{M}\p{N}\s,.'’/#&°()+ºª№!?*_@-]*$/u;

const text = (max: number, message: string, chars: RegExp) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine(isOneLine, messages.oneLine)
    .refine((value) => chars.test(value), addressMessages.characters);

const required = (max: number, message: string, chars: RegExp) =>
  text(max, message, chars).pipe(z.string().min(1, message));

/** Optional: empty is none (null). */
const optional = (max: number, message: string, chars: RegExp) =>
  text(max, message, chars)
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);

/**
 * A postal code as the post writes it: trimmed, letters upper case, runs of spaces as one.
 * "sw1a  1aa" is "SW1A 1AA".
 */
export const normalizePostalCode = (value: string) =>
  value.trim().toUpperCase().replace(/\s+/g, ' ');

/** The fields of an address before the rules that tie them to the country. */
const addressFields = z.object({
  name: required(ADDRESS_NAME_MAX, addressMessages.name, NAME_CHARS),
  company: optional(ADDRESS_NAME_MAX, addressMessages.company, NAME_CHARS),
  line1: required(ADDRESS_LINE_MAX, addressMessages.line1, ADDRESS_CHARS),
  line2: optional(ADDRESS_LINE_MAX, addressMessages.line2, ADDRESS_CHARS),
  city: required(ADDRESS_CITY_MAX, addressMessages.city, ADDRESS_CHARS),
  region: optional(ADDRESS_REGION_MAX, addressMessages.region, ADDRESS_CHARS),
  postalCode: z
    .string({ error: addressMessages.postalCodeRequired })
    .max(POSTAL_CODE_MAX * 2, addressMessages.postalCodeRequired)
    .transform(normalizePostalCode)
    .refine(isOneLine, messages.oneLine)
    .refine((value) => ADDRESS_CHARS.test(value), addressMessages.characters),
  country: z
    .string({ error: addressMessages.country })
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => isCountryCode(value), addressMessages.country),
});

/**
 * The country's rules: the region (required, and a known code, in the US, Canada and Australia;
 * written upper case there) and the postal code's format (required where the country has one).
 * Each problem is reported on its own field, so a form shows it under the right box.
 */
function checkCountryRules(
  address: z.output<typeof addressFields>,
  ctx: z.RefinementCtx,
): z.output<typeof addressFields> {
  const { country } = address;
  let region = address.region;
  const regions = REGIONS_BY_COUNTRY[country];
  if (regions) {
    const code = region?.toUpperCase() ?? null;
    if (!code)
      ctx.addIssue({
        code: 'custom',
        path: ['region'],
        message: addressMessages.regionRequired(country),
      });
    else if (!(code in regions))
      ctx.addIssue({
        code: 'custom',
        path: ['region'],
        message: addressMessages.regionUnknown(country),
      });
    region = code;
  }
  const postalCode = address.postalCode;
  if (hasPostalCodes(country)) {
    if (postalCode === '')
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: addressMessages.postalCodeRequired,
      });
    else if (postalCode.length > POSTAL_CODE_MAX || !postcodeValidator(postalCode, country))
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: addressMessages.postalCode(country),
      });
  } else if (postalCode.length > POSTAL_CODE_MAX) {
    ctx.addIssue({
      code: 'custom',
      path: ['postalCode'],
      message: addressMessages.postalCode(country),
    });
  }
  return { ...address, region };
}

/**
 * A structured address (DESIGN section 9 "addresses"), as bodies send it: checked field by field,
 * then by its country's rules. The output is normalized (country and region codes and postal
 * codes upper case; empty optional fields null).
 */
export const postalAddressSchema = addressFields.transform(checkCountryRules);
export type PostalAddressInput = z.input<typeof postalAddressSchema>;

/** An address as answers carry it. */
export const postalAddressAnswerSchema = z.object({
  name: z.string(),
  company: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddressAnswerSchema>;

/** Countries whose addresses put the postal code before the city ("10115 Berlin"). */
const CODE_BEFORE_CITY = new Set([
  'AT', 'BE', 'CH', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IS', 'IT', 'LI',
  'LT', 'LU', 'MC', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'MX', 'BR', 'AR', 'IL', 'TR',
]); // prettier-ignore

/** The city with its region and postal code, in the country's usual order. */
function cityLine(address: PostalAddress): string {
  const { city, region, postalCode, country } = address;
  if (CODE_BEFORE_CITY.has(country))
    return [postalCode, city].filter(Boolean).join(' ') + (region ? `, ${region}` : '');
  // "San Francisco, CA 94107", "London SW1A 1AA", "Toronto, ON M5V 2T6"
  const tail = [region, postalCode].filter(Boolean).join(' ');
  if (!tail) return city;
  return region ? `${city}, ${tail}` : `${city} ${tail}`;
}

/**
 * An address on one line, as SPEC's `address` field holds it and every list, CSV, email and
 * invoice that reads that field shows it: "Jane Doe, Acme Inc, 500 Howard Street, Suite 4,
 * San Francisco, CA 94107, United States".
 */
export function formatAddress(address: PostalAddress): string {
  return [
    address.name,
    address.company,
    address.line1,
    address.line2,
    cityLine(address),
    countryName(address.country),
  ]
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

/** The same address on several lines, for a label or the purchase page. */
export function addressLines(address: PostalAddress): string[] {
  return [
    address.name,
    address.company,
    address.line1,
    address.line2,
    cityLine(address),
    countryName(address.country),
  ].filter((part): part is string => Boolean(part));
}
