import { messages } from './messages.js';
import { MAX_ORDER_TOTAL } from './constants.js';
import { formatCents } from './money.js';
import { buyerUnitPrice, type PriceTerms } from './pricing.js';

/**
 * The quantity rule of a purchase, written once: the purchase form applies it as the buyer types
 * and the server applies it again to the product row it has locked, so both refuse the same
 * quantities with the same message.
 *
 * SPEC section 5 orders the checks: first the stock (Unavailable Quantity.), then the minimum
 * (Minimum {n} Pieces Needed.). So when the stock is below the minimum, the quantity the page
 * starts at (the minimum) is refused for the stock, on both sides. Beyond SPEC, the total must
 * fit one card payment (MAX_ORDER_TOTAL). After SPEC's two come the pack size ("Order in multiples
 * of 10.") and the maximum per order (DESIGN section 8); the total is priced by the volume tier the
 * quantity reaches, or a company member's lower contract price (pricing.ts). Prices, the unit
 * price and the total are integer cents (pricing.ts `priceTermsInCents` for a product answer).
 */

/** What the product sets: a product answer carries every field. */
export interface QuantityTerms extends PriceTerms {
  /** Fewest pieces per order (the product's `minimum`). */
  minimum: number;
  /** Pieces in stock now (the product's `available`). */
  available: number;
  /** Pack size: the quantity is a multiple of it (1 when absent). */
  increment?: number;
  /** Most pieces per order, or null/absent for no limit. */
  maximum?: number | null;
}

export interface QuantityRequest extends QuantityTerms {
  quantity: number;
}

/** Why a quantity is refused; the server answers `unavailable` with 409, the others with 400. */
export type QuantityProblem =
  'notWhole' | 'unavailable' | 'belowMinimum' | 'notMultiple' | 'aboveMaximum' | 'totalTooHigh';

export type QuantityVerdict =
  | { ok: true; quantity: number; unitPrice: number; total: number }
  | { ok: false; problem: QuantityProblem; message: string };

export const quantityMessages = {
  notWhole: 'Please give a whole number of pieces.',
  unavailable: messages.unavailableQuantity,
  belowMinimum: messages.minimumQuantity,
  notMultiple: (increment: number) => `Order in multiples of ${increment}.`,
  aboveMaximum: (maximum: number) => `At most ${maximum} pieces per order.`,
  /** `total` in cents. */
  totalTooHigh: (total: number) =>
    `The order total of ${formatCents(total)} is above the card payment limit of ` +
    `${formatCents(MAX_ORDER_TOTAL)}. Please order fewer pieces.`,
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
  ({ quantity, increment = 1 }) =>
    increment > 1 && quantity % increment !== 0
      ? refuse('notMultiple', quantityMessages.notMultiple(increment))
      : null,
  ({ quantity, maximum }) =>
    maximum != null && quantity > maximum
      ? refuse('aboveMaximum', quantityMessages.aboveMaximum(maximum))
      : null,
  (request) => {
    const total = request.quantity * buyerUnitPrice(request, request.quantity);
    return total > MAX_ORDER_TOTAL
      ? refuse('totalTooHigh', quantityMessages.totalTooHigh(total))
      : null;
  },
];

/** Whether `quantity` pieces may be ordered on these terms: ok with the total, or the one message. */
export function checkQuantity(request: QuantityRequest): QuantityVerdict {
  for (const check of CHECKS) {
    const refusal = check(request);
    if (refusal) return refusal;
  }
  const unitPrice = buyerUnitPrice(request, request.quantity);
  return { ok: true, quantity: request.quantity, unitPrice, total: request.quantity * unitPrice };
}

/**
 * The quantity rule without the stock and the price, or null when `quantity` keeps it: whole,
 * at least the minimum, whole packs, at most the maximum. A quote's offer keeps it (issue 31):
 * its lines are bought later, when the stock is judged, at the offer's own price.
 */
export function quantityLimitRefusal(
  limits: Pick<QuantityTerms, 'minimum' | 'increment' | 'maximum'>,
  quantity: number,
): Refusal | null {
  const verdict = checkQuantity({
    ...limits,
    available: Number.MAX_SAFE_INTEGER,
    price: 0,
    quantity,
  });
  return verdict.ok ? null : verdict;
}

/** The limits of one line that do not depend on the price: pack size, minimum, maximum, stock. */
export type QuantityLimits = Pick<QuantityTerms, 'minimum' | 'increment' | 'maximum'> & {
  available?: number;
};

/**
 * The valid quantity nearest to `quantity` on these limits (the same limits `checkQuantity`
 * applies): a whole number of packs, at least the minimum (and one piece), at most the maximum
 * and the stock. Halfway between two packs it rounds up; null when no quantity fits (the stock
 * is below the minimum, or below one pack). The quick order suggests it beside a refusal
 * (issue 28). It ignores the card payment limit, which depends on the price.
 */
export function nearestValidQuantity(limits: QuantityLimits, quantity: number): number | null {
  const pack = Math.max(limits.increment ?? 1, 1);
  const least = Math.ceil(Math.max(limits.minimum, 1) / pack) * pack;
  const ceiling = Math.min(limits.maximum ?? Infinity, limits.available ?? Infinity);
  const most = Number.isFinite(ceiling) ? Math.floor(ceiling / pack) * pack : Infinity;
  if (least > most) return null;
  const wanted = Number.isFinite(quantity) ? quantity : least;
  const rounded = Math.round(wanted / pack) * pack;
  return Math.min(Math.max(rounded, least), most);
}
