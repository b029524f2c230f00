import countries from 'i18n-iso-countries/index.js';
import { EU_COUNTRIES } from './tax/rates.js';

/*
 * Countries, the one list: structured addresses (addresses.ts) and the zones of shipping methods
 * (shipping.ts) both name a country by its ISO 3166-1 alpha-2 code (DESIGN section 9).
 */

/** Every ISO 3166-1 alpha-2 code (i18n-iso-countries' list; its names are not loaded). */
export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha2Codes()).sort();
const known = new Set(COUNTRY_CODES);

/** Whether `code` is an assigned ISO 3166-1 alpha-2 code, in capitals ("DE", not "de" or "EU"). */
export const isCountryCode = (code: string): boolean => known.has(code);

/** The countries of the European Union (27), a zone the demo's and most admins' methods serve. */
export const EU_COUNTRY_CODES: readonly string[] = EU_COUNTRIES;
