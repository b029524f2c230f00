import { toCents } from './money.js';

/**
 * Volume prices (DESIGN section 8, "unit price"): a product has a list price per piece and may
 * have tiers `[{ minQuantity, price }]`, each cheaper than the one before. The unit price for a
 * quantity is the tier with the largest `minQuantity` not above it, else the list price. Written
 * once: the server prices orders with it, the pages show the same figures.
 *
 * Every amount here is integer cents (docs/decisions/027): the server's rows are cents, and the
 * web app converts a product's dollars with `priceTermsInCents` before asking, so a total is
 * always an exact sum of integers.
 */

export interface PriceTier {
  /** The fewest pieces an order needs for this price. */
  minQuantity: number;
  /** Cents per piece. */
  price: number;
}

export interface PriceTerms {
  /** List price per piece, in cents. */
  price: number;
  /** Ascending by minQuantity, falling by price (the product rule checks it). */
  priceTiers?: readonly PriceTier[];
  /**
   * The unit price agreed with the buyer's company (issue 15), when the buyer is a member of a
   * company with one for this product.
   */
  contractPrice?: number | null;
}

/** A product's price terms as the API answers them (dollars), in cents for the rules below. */
export function priceTermsInCents<T extends PriceTerms>(terms: T): T {
  return {
    ...terms,
    price: toCents(terms.price),
    ...(terms.priceTiers && {
      priceTiers: terms.priceTiers.map((tier) => ({ ...tier, price: toCents(tier.price) })),
    }),
    ...(terms.contractPrice != null && { contractPrice: toCents(terms.contractPrice) }),
  };
}

/** The price of one piece when `quantity` pieces are ordered. */
export function unitPriceFor(terms: PriceTerms, quantity: number): number {
  let unit = terms.price;
  for (const tier of terms.priceTiers ?? []) {
    if (tier.minQuantity <= quantity) unit = tier.price;
    else break;
  }
  return unit;
}

/**
 * What a piece costs the buyer (issue 15): a company member pays the lower of the contract price
 * and the volume price for the quantity; everyone else the volume price.
 */
export function buyerUnitPrice(terms: PriceTerms, quantity: number): number {
  const volume = unitPriceFor(terms, quantity);
  return terms.contractPrice == null ? volume : Math.min(terms.contractPrice, volume);
}

/** The contract price when it beats the volume price for the quantity, else null. */
export function contractPriceApplies(terms: PriceTerms, quantity: number): number | null {
  const { contractPrice } = terms;
  return contractPrice != null && contractPrice < unitPriceFor(terms, quantity)
    ? contractPrice
    : null;
}

/** The next cheaper price a buyer of `quantity` pieces could reach, and how many more it takes. */
export interface PriceBreak {
  /** Pieces to add to reach it. */
  more: number;
  minQuantity: number;
  price: number;
}

export function nextPriceBreak(terms: PriceTerms, quantity: number): PriceBreak | null {
  // Only a tier cheaper than what the buyer pays now (a contract price may beat the tiers).
  const now = buyerUnitPrice(terms, quantity);
  const tier = (terms.priceTiers ?? []).find(
    (candidate) => candidate.minQuantity > quantity && candidate.price < now,
  );
  return tier ? { more: tier.minQuantity - quantity, ...tier } : null;
}

/** The lowest price per piece the product sells at, and from how many pieces ("from $X at N+"). */
export function lowestPrice(terms: PriceTerms): PriceTier | null {
  const tiers = terms.priceTiers ?? [];
  return tiers.length > 0 ? (tiers[tiers.length - 1] ?? null) : null;
}
