import { checkQuantity, type QuantityTerms, type QuantityVerdict } from '@shop/shared';

/**
 * The purchase form's quantity field, judged by the shared quantity rule the server applies too
 * (packages/shared/src/quantity.ts), so the page and the server refuse with the same message.
 * Null while the field is empty: nothing to complain about while the buyer types.
 */
export function checkQuantityField(raw: string, product: QuantityTerms): QuantityVerdict | null {
  if (raw.trim() === '') return null;
  return checkQuantity({
    quantity: Number(raw),
    minimum: product.minimum,
    available: product.available,
    increment: product.increment,
    maximum: product.maximum,
    price: product.price,
    priceTiers: product.priceTiers,
    // A company member's contract price, when the product was read with their token: the total
    // shown is the total the server charges (it prices by the same rule).
    contractPrice: product.contractPrice,
  });
}
