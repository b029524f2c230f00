import { toCents } from './money.js';

/*
 * The guard rail of a contract price (issue 28, item 7): a price below half the list price, or
 * above the list price, is most likely a slip of the keyboard ($34 typed for $1,134), so the
 * admin's form asks before saving it and says the discount in percent. The server still takes
 * any valid price: a deep discount may be meant.
 */

/** What the admin is asked about a contract price, or null when it needs no question. */
export interface ContractPriceDoubt {
  kind: 'deep-discount' | 'above-list';
  /** The discount off the list price in percent, one decimal; negative above the list price. */
  discountPercent: number;
}

/** Compared in cents, so $19.99 against a $39.99 list price is exactly what it is. */
export function contractPriceDoubt(listPrice: number, price: number): ContractPriceDoubt | null {
  const list = toCents(listPrice);
  const contract = toCents(price);
  if (list <= 0) return null;
  const discountPercent = Math.round(((list - contract) / list) * 1000) / 10;
  if (contract * 2 < list) return { kind: 'deep-discount', discountPercent };
  if (contract > list) return { kind: 'above-list', discountPercent };
  return null;
}

/** The question the form asks, with the discount in percent. */
export function contractPriceQuestion(doubt: ContractPriceDoubt): string {
  return doubt.kind === 'deep-discount'
    ? `This contract price is ${doubt.discountPercent}% below the list price. Save it anyway?`
    : `This contract price is ${-doubt.discountPercent}% above the list price. Save it anyway?`;
}
