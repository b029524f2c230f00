import {
  contractPriceApplies,
  fromCents,
  lowestPrice,
  nextPriceBreak,
  packUnit,
  toCents,
  unitPriceFor,
  type PriceTerms,
} from '@shop/shared';
import { formatNumber, formatPieces, formatPrice } from '../lib/format';
import styles from './price-info.module.css';

/** "from $9 at 100+": the lowest volume price of a product, or null without tiers. */
export function fromPriceLabel(terms: PriceTerms): string | null {
  const lowest = lowestPrice(terms);
  return lowest
    ? `from ${formatPrice(lowest.price)} at ${formatNumber(lowest.minQuantity)}+`
    : null;
}

/**
 * "Your price $8": a company member's contract price (issue 15), when it is below the volume
 * price for the quantity; null otherwise.
 */
export function yourPriceLabel(terms: PriceTerms, quantity: number): string | null {
  const contract = contractPriceApplies(terms, quantity);
  return contract == null ? null : `Your price ${formatPrice(contract)}`;
}

/** "Order 40 more for $9 a piece", or null when no cheaper tier is left. */
export function nextBreakLabel(terms: PriceTerms, quantity: number): string | null {
  const next = nextPriceBreak(terms, quantity);
  return next
    ? `Order ${formatNumber(next.more)} more for ${formatPrice(next.price)} a piece`
    : null;
}

/** "You save $60 ($2 a piece) on the list price", or null at the list price. */
export function savingLabel(terms: PriceTerms, quantity: number): string | null {
  // In cents, so $89.50 - $79.99 is $9.51 exactly.
  const perPiece = toCents(terms.price) - toCents(unitPriceFor(terms, quantity));
  if (perPiece <= 0 || quantity <= 0) return null;
  return `You save ${formatPrice(fromCents(perPiece * quantity))} (${formatPrice(fromCents(perPiece))} a piece) on the list price`;
}

interface QuantityPriceProps {
  terms: PriceTerms;
  /** The quantity typed, when it is a number of pieces; null while the field says nothing yet. */
  quantity: number | null;
}

/**
 * The live price for the quantity typed (issue 14): the unit price its volume tier gives, the
 * saving on the list price and the next price break. The server prices the order with the same
 * rule (packages/shared/src/pricing.ts).
 */
export function QuantityPrice({ terms, quantity }: QuantityPriceProps) {
  const valid = quantity != null && Number.isSafeInteger(quantity) && quantity > 0;
  const unit = valid ? unitPriceFor(terms, quantity) : terms.price;
  const yours = yourPriceLabel(terms, valid ? quantity : 0);
  const saving = valid ? savingLabel(terms, quantity) : null;
  const next = valid ? nextBreakLabel(terms, quantity) : null;
  return (
    <div className={styles.live} aria-live="polite" data-testid="quantity-price">
      <p className={styles.unit} data-testid="unit-price">
        Unit price: <strong>{formatPrice(unit)}</strong> per piece
      </p>
      {yours && (
        <p className={styles.unit} data-testid="your-price">
          <strong>{yours}</strong> per piece, your company&apos;s contract price
        </p>
      )}
      {saving && (
        <p className={styles.saving} data-testid="saving">
          {saving}
        </p>
      )}
      {next && (
        <p className={styles.next} data-testid="next-break">
          {next}
        </p>
      )}
    </div>
  );
}

/**
 * A price line in the product's unit (issue 28): "$245 per piece (box of 25: $6,125)" for a
 * product sold in packs, "$245 per piece" for one sold by the piece. The unit is the pack size
 * (shared `packUnit`, docs/decisions/033); the box price is in cents, so it is exact.
 */
export function unitPriceLine(price: number, increment: number): string {
  const each = `${formatPrice(price)} per piece`;
  const unit = packUnit(increment);
  return unit ? `${each} (${unit}: ${formatPrice(fromCents(toCents(price) * increment))})` : each;
}

/** "Packs of 10, minimum 50 pieces, at most 500 per order". */
export function orderTermsLabel(terms: {
  minimum: number;
  increment: number;
  maximum: number | null;
}): string {
  const parts = [
    terms.increment > 1 ? `Packs of ${formatNumber(terms.increment)}` : null,
    `Minimum ${formatPieces(terms.minimum)}`,
    terms.maximum != null ? `at most ${formatPieces(terms.maximum)} per order` : null,
  ].filter(Boolean);
  return parts.join(', ');
}
