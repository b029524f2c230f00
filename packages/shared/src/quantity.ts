import { messages } from './messages.js';
import { MAX_ORDER_TOTAL } from './orders.js';

/**
 * The quantity rule of a purchase, written once: the purchase form applies it as the buyer types
 * and the server applies it again to the product row it has locked, so both refuse the same
 * quantities with the same message.
 *
 * SPEC section 5 orders the checks: first the stock (Unavailable Quantity.), then the minimum
 * (Minimum {n} Pieces Needed.). So when the stock is below the minimum, the quantity the page
 * starts at (the minimum) is refused for the stock, on both sides. Beyond SPEC, the total must
 * fit one card payment (MAX_ORDER_TOTAL).
 */

/** What the product sets. A pack size, a maximum per order or price tiers would join here. */
export interface QuantityTerms {
  /** Fewest pieces per order (the product's `minimum`). */
  minimum: number;
  /** Pieces in stock now (the product's `available`). */
  available: number;
  /** Price of one piece in whole dollars (the product's `price`). */
  unitPrice: number;
}

export interface QuantityRequest extends QuantityTerms {
  quantity: number;
}

/** Why a quantity is refused; the server answers `unavailable` with 409, the others with 400. */
export type QuantityProblem = 'notWhole' | 'unavailable' | 'belowMinimum' | 'totalTooHigh';

export type QuantityVerdict =
  | { ok: true; quantity: number; total: number }
  | { ok: false; problem: QuantityProblem; message: string };

export const quantityMessages = {
  notWhole: 'Please give a whole number of pieces.',
  unavailable: messages.unavailableQuantity,
  belowMinimum: messages.minimumQuantity,
  totalTooHigh: (total: number) =>
    `The order total of $${total.toLocaleString('en-US')} is above the card payment limit of ` +
    `$${MAX_ORDER_TOTAL.toLocaleString('en-US')}. Please order fewer pieces.`,
} as const;

type Refusal = Extract<QuantityVerdict, { ok: false }>;
type Check = (request: QuantityRequest) => Refusal | null;

const refuse = (problem: QuantityProblem, message: string): Refusal => ({
  ok: false,
  problem,
  message,
});

/** The checks in the order they are made; the first refusal is the answer. */
const CHECKS: readonly Check[] = [
  ({ quantity }) =>
    Number.isSafeInteger(quantity) ? null : refuse('notWhole', quantityMessages.notWhole),
  ({ quantity, available }) =>
    quantity > available ? refuse('unavailable', quantityMessages.unavailable) : null,
  // An order has at least one piece, whatever a product's minimum says.
  ({ quantity, minimum }) => {
    const least = Math.max(minimum, 1);
    return quantity < least ? refuse('belowMinimum', quantityMessages.belowMinimum(least)) : null;
  },
  ({ quantity, unitPrice }) =>
    quantity * unitPrice > MAX_ORDER_TOTAL
      ? refuse('totalTooHigh', quantityMessages.totalTooHigh(quantity * unitPrice))
      : null,
];

/** Whether `quantity` pieces may be ordered on these terms: ok with the total, or the one message. */
export function checkQuantity(request: QuantityRequest): QuantityVerdict {
  for (const check of CHECKS) {
    const refusal = check(request);
    if (refusal) return refusal;
  }
  return { ok: true, quantity: request.quantity, total: request.quantity * request.unitPrice };
}
