/*
 * What a shipping method charges and when it arrives (issue 29 item 2; docs/decisions/036). Pure
 * functions of plain data, without zod, so the server, the checkout and the pages call the same
 * rule. Amounts are integer cents (docs/decisions/027); weights are kilograms, compared in whole
 * grams so that a sum of line weights (0.1 + 0.2) meets a band's limit exactly.
 */
import { formatNumber } from './number-text.js';

/** Grams in a kilogram: weights are given with at most three decimals. */
export const GRAMS_PER_KG = 1000;

/** A weight in kilograms (at most three decimals) as whole grams. */
export const toGrams = (weightKg: number): number => Math.round(weightKg * GRAMS_PER_KG);

/**
 * A parcel's weight in kilograms: each line's weight per piece times its quantity, summed in
 * whole grams (exact), for `shippingRate`.
 */
export function parcelWeightKg(lines: readonly { weightKg: number; quantity: number }[]): number {
  let grams = 0;
  for (const line of lines) grams += toGrams(line.weightKg) * line.quantity;
  return grams / GRAMS_PER_KG;
}

/** One weight band: parcels up to `upToKg` (inclusive) cost `price` cents. */
export interface WeightBandTerms {
  upToKg: number;
  price: number;
}

/**
 * What the rate depends on, amounts in cents: a method charges `flatPrice` whatever the weight,
 * or the first of its `weightBands` (ascending) whose limit the parcel does not pass; one of the
 * two, never both. `freeAbove`: a subtotal at or above it ships free.
 */
export interface ShippingMethodTerms {
  countries: readonly string[];
  flatPrice: number | null;
  weightBands: readonly WeightBandTerms[];
  freeAbove: number | null;
  active?: boolean;
}

export interface ShipmentToRate {
  /** ISO 3166-1 alpha-2, capitals. */
  country: string;
  /** The parcel's weight: the sum of each line's product weight times its quantity. */
  weightKg: number;
  /** The goods' subtotal in cents, for `freeAbove`. */
  subtotalCents: number;
}

/**
 * The price in cents of sending `shipment` by `method`, or null when the method does not serve
 * it: inactive, another country, or heavier than its last weight band. Free (0) when the
 * subtotal is at or above `freeAbove`. A parcel of 0 kg pays the first band.
 */
export function shippingRate(method: ShippingMethodTerms, shipment: ShipmentToRate): number | null {
  const { country, weightKg, subtotalCents } = shipment;
  if (!Number.isFinite(weightKg) || weightKg < 0) throw new RangeError(`weightKg: ${weightKg}`);
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0)
    throw new RangeError(`subtotalCents: ${subtotalCents}`);
  if (method.active === false || !method.countries.includes(country)) return null;
  let price: number;
  if (method.flatPrice !== null) price = method.flatPrice;
  else {
    const grams = toGrams(weightKg);
    const band = method.weightBands.find((candidate) => grams <= toGrams(candidate.upToKg));
    if (band === undefined) return null;
    price = band.price;
  }
  if (method.freeAbove !== null && subtotalCents >= method.freeAbove) return 0;
  return price;
}

/** "1.25 kg", "450 g": a weight as a product page shows it (grams below a kilogram). */
export function formatWeight(weightKg: number): string {
  const grams = toGrams(weightKg);
  if (grams < GRAMS_PER_KG) return `${grams} g`;
  return `${formatNumber(grams / GRAMS_PER_KG)} kg`;
}

/** Days in transit, business days (Monday to Friday). */
export interface TransitDays {
  min: number;
  max: number;
}

/** The first and last day a parcel may arrive, as ISO dates (YYYY-MM-DD, UTC). */
export interface DeliveryEstimate {
  earliest: string;
  latest: string;
}

const MS_PER_DAY = 86_400_000;
const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/** `from` plus `days` business days; a weekend `from` counts from the Monday after it. */
export function addBusinessDays(from: Date, days: number): Date {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`days: ${days}`);
  let date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  while (isWeekend(date)) date = new Date(date.getTime() + MS_PER_DAY);
  for (let left = days; left > 0;) {
    date = new Date(date.getTime() + MS_PER_DAY);
    if (!isWeekend(date)) left -= 1;
  }
  return date;
}

/** When a parcel sent on `from` arrives: `days.min` to `days.max` business days later. */
export function deliveryEstimate(days: TransitDays, from: Date): DeliveryEstimate {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    earliest: day(addBusinessDays(from, days.min)),
    latest: day(addBusinessDays(from, days.max)),
  };
}

/** "2-5 business days", "1 business day": a method's time in transit in words. */
export function transitText(days: TransitDays): string {
  const span = days.min === days.max ? `${days.min}` : `${days.min}-${days.max}`;
  return `${span} business day${days.max === 1 ? '' : 's'}`;
}
