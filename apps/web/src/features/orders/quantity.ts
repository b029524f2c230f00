import { MAX_ORDER_TOTAL, messages, type Product } from '@shop/shared';
import { formatPrice } from '../../lib/format';

export type QuantityCheck =
  | { valid: true; quantity: number }
  /** `message` is null for an empty field: nothing to complain about while the buyer types. */
  | { valid: false; message: string | null };

/**
 * SPEC section 5: the quantity must lie between the product's minimum and its available stock.
 * Beyond SPEC, the total must fit one card payment (MAX_ORDER_TOTAL), as the server requires.
 */
export function checkQuantity(
  raw: string,
  product: Pick<Product, 'minimum' | 'available' | 'price'>,
): QuantityCheck {
  if (raw.trim() === '') return { valid: false, message: null };
  const quantity = Number(raw);
  if (!Number.isInteger(quantity)) {
    return { valid: false, message: 'Please give a whole number of pieces.' };
  }
  if (quantity > product.available) return { valid: false, message: messages.unavailableQuantity };
  if (quantity < product.minimum) {
    return { valid: false, message: messages.minimumQuantity(product.minimum) };
  }
  if (quantity * product.price > MAX_ORDER_TOTAL) {
    return {
      valid: false,
      message: `An order above ${formatPrice(MAX_ORDER_TOTAL)} cannot be paid by card. Please split it into smaller orders.`,
    };
  }
  return { valid: true, quantity };
}
