import {
  checkQuantity,
  priceTermsInCents,
  type QuantityTerms,
  type QuantityVerdict,
} from '@shop/shared';

/**
 * A cart line's quantity field, judged by the shared quantity rule the server applies to the
 * checkout too (packages/shared/src/quantity.ts): the cart and the server refuse a line with the
 * same message, the one SPEC's purchase form shows. Empty is a refusal here, unlike on the
 * purchase form: a cart line with no quantity cannot be checked out.
 */
export function checkCartQuantity(raw: string, product: QuantityTerms): QuantityVerdict {
  // The product's dollars in cents: the verdict's unit price and total are cents, exact.
  return checkQuantity({
    quantity: raw.trim() === '' ? Number.NaN : Number(raw),
    minimum: product.minimum,
    available: product.available,
    increment: product.increment,
    maximum: product.maximum,
    ...priceTermsInCents({
      price: product.price,
      priceTiers: product.priceTiers,
      contractPrice: product.contractPrice,
    }),
  });
}
