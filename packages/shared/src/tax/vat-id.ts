import { checkVAT, countries } from 'jsvat';
import { isEuCountry, type EuCountry } from './rates.js';

/*
 * An EU VAT id's format and check digits, by jsvat (each member state's published algorithm).
 * This is the first of the two checks reverse charge needs; the second is VIES
 * (docs/decisions/035-the-tax-model.md).
 */

export type VatIdFormat =
  | { valid: true; country: EuCountry; normalized: string }
  | { valid: false; reason: 'not_eu' | 'format' | 'check_digits' };

/** Greece's VAT ids start with EL, its ISO code is GR. */
const countryOfPrefix = (prefix: string): string => (prefix === 'EL' ? 'GR' : prefix);

/** Spaces, dots and dashes removed, upper case: "de 136.695.976" -> "DE136695976". */
export const normalizeVatId = (vatId: string): string => vatId.replace(/[\s.-]/g, '').toUpperCase();

/** Whether the text starts as an EU VAT id does: two letters of a member state. */
export const looksLikeEuVatId = (vatId: string): boolean => {
  const prefix = normalizeVatId(vatId).slice(0, 2);
  return /^[A-Z]{2}$/.test(prefix) && isEuCountry(countryOfPrefix(prefix));
};

/** Checks an EU VAT id (with its country prefix) for format and check digits. */
export function checkVatIdFormat(vatId: string): VatIdFormat {
  const normalized = normalizeVatId(vatId);
  if (!looksLikeEuVatId(normalized)) return { valid: false, reason: 'not_eu' };
  const result = checkVAT(normalized, countries);
  if (!result.isValidFormat) return { valid: false, reason: 'format' };
  if (!result.isValid) return { valid: false, reason: 'check_digits' };
  return {
    valid: true,
    country: countryOfPrefix(normalized.slice(0, 2)) as EuCountry,
    normalized,
  };
}

/** The parts VIES asks for: `{ countryCode: "DE", vatNumber: "136695976" }` (EL for Greece). */
export const viesParts = (normalized: string) => ({
  countryCode: normalized.slice(0, 2),
  vatNumber: normalized.slice(2),
});

export const vatIdMessages = {
  format: (vatId: string) =>
    `${vatId} is not an EU VAT id: it starts with the country code (for example DE136695976).`,
  checkDigits: (vatId: string) =>
    `${vatId} is not a valid VAT id: its digits do not pass the country's check. Please check it against the registration.`,
} as const;
