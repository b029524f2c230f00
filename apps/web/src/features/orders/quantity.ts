import {
  checkQuantity,
  priceTermsInCents,
  type QuantityTerms,
  type QuantityVerdict,
} from '@shop/shared';

/**
 * The purchase form's quantity field, judged by the shared quantity rule the server applies too
 * (packages/shared/src/quantity.ts), so the page and the server refuse with the same message.
 * Null while the field is empty: nothing to complain about while the buyer types.
 */
export function checkQuantityField(raw: string, product: QuantityTerms): QuantityVerdict | null {
  if (raw.trim() === '') return null;
  // The product's dollars in cents: the verdict's unit price and total are cents, exact.
  return checkQuantity({
    quantity: Number(raw),
    minimum: product.minimum,
    available: product.available,
    increment: product.increment,
    maximum: product.maximum,
    ...priceTermsInCents({
      price: product.price,
      priceTiers: product.priceTiers,
      contractPrice: product.contractPrice,
    }),
    // With a company member's contract price, when the product was read with their token: the
    // total shown is the total the server charges (it prices by the same rule).
  });
}
