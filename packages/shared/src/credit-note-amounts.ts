/*
 * What a credit note gives back of a line, in integer cents (docs/decisions/039). The goods are
 * the unit price times the pieces. The line's shipping share and its tax are given back in
 * proportion, cumulatively: what all the notes of a line have credited after `k` pieces is the
 * line's charge times k / quantity, rounded half-up, so the notes of a line add up to exactly its
 * charge when every piece is credited, and never to more, however the pieces are split.
 */

/** The stored line as it was charged. */
export interface ChargedLine {
  quantity: number;
  unitPrice: number;
  /** The goods: quantity times unit price. */
  price: number;
  shippingCharge: number;
  tax: number;
}

/** What the earlier notes of the line credited, added up. */
export interface Credited {
  quantity: number;
  net: number;
  shipping: number;
  tax: number;
}

export interface LineCredit {
  net: number;
  shipping: number;
  tax: number;
}

export const NOTHING_CREDITED: Credited = { quantity: 0, net: 0, shipping: 0, tax: 0 };

/** `amount * part / whole` rounded half-up, exact for any cents (BigInt). */
export function shareOf(amount: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  const numerator = 2n * BigInt(amount) * BigInt(part) + BigInt(whole);
  return Number(numerator / (2n * BigInt(whole)));
}

const within = (value: number, max: number) => Math.max(0, Math.min(value, max));

/**
 * The credit for `quantity` more pieces of `line`, after `before`. `withShipping`: the shipping
 * share of those pieces too. The tax follows the base credited (goods plus shipping): the line's
 * tax was charged on both at the purchase's one rate, so the same rate is given back.
 */
export function creditFor(
  line: ChargedLine,
  before: Credited,
  quantity: number,
  withShipping: boolean,
): LineCredit {
  const after = before.quantity + quantity;
  const net = within(line.unitPrice * quantity, line.price - before.net);
  const shipping = withShipping
    ? within(
        shareOf(line.shippingCharge, after, line.quantity) -
          shareOf(line.shippingCharge, before.quantity, line.quantity),
        line.shippingCharge - before.shipping,
      )
    : 0;
  const base = line.price + line.shippingCharge;
  const creditedBase = before.net + before.shipping + net + shipping;
  const tax = within(shareOf(line.tax, creditedBase, base) - before.tax, line.tax - before.tax);
  return { net, shipping, tax };
}
