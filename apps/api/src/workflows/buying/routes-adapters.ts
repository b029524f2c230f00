import {
  purchaseMessages,
  type checkoutSchema,
  type PlaceOrder,
  type PlaceOrderResult,
  type Purchase,
  type QuantityProblem,
} from '@shop/shared';
import type { z } from 'zod';
import { HttpError } from '../../http/errors.js';
import type { OrderContext } from '../../modules/orders/context.js';
import { toOrder } from '../../modules/orders/serialize.js';
import { toPurchase } from '../../modules/orders/purchase-serialize.js';
import type { SignedInUser } from '../../kernel/people.js';
import { LinesRefused, placePurchase } from './place-purchase.js';
import { resolveShipTo } from './ship-to.js';

/**
 * The two doors of the one way to buy, each with the answers its contract has always given:
 * Buy Now (SPEC's POST /order, one line) and the cart's checkout (POST /checkout, which reorder
 * uses too). Both place the purchase through place-purchase.ts.
 */

/** Buy Now's refusals keep SPEC's statuses: a quantity the stock cannot cover is 409. */
const QUANTITY_STATUS: Record<QuantityProblem | 'notFound', 400 | 404 | 409> = {
  notFound: 404,
  notWhole: 400,
  unavailable: 409,
  belowMinimum: 400,
  notMultiple: 400,
  aboveMaximum: 400,
  totalTooHigh: 400,
};

/** POST /order: a purchase of one line; the answer adds the purchase's id and status. */
export async function buyNow(
  ctx: OrderContext,
  user: SignedInUser,
  input: PlaceOrder,
): Promise<PlaceOrderResult> {
  try {
    const { purchase, lines } = await placePurchase(ctx, user, {
      lines: [{ productId: input.productId, quantity: input.quantity }],
      phone: input.number,
      address: input.address,
      shipTo: null,
      poNumber: null,
      company: null,
      taxId: null,
      taxExempt: false,
      shippingMethodId: null,
      paymentMethod: input.paymentMethod ?? 'card',
    });
    const [line] = lines;
    const status = toPurchase(purchase, lines).status;
    return {
      acknowledged: true,
      insertedId: line?.id ?? purchase.id,
      ...(line ? { order: toOrder(line) } : {}),
      purchaseId: purchase.id,
      purchaseStatus:
        status === 'awaiting_approval' || status === 'paid' || status === 'on_account'
          ? status
          : 'unpaid',
    };
  } catch (error) {
    const [refusal] = error instanceof LinesRefused ? error.lines : [];
    if (refusal) throw new HttpError(QUANTITY_STATUS[refusal.problem], refusal.message);
    throw error;
  }
}

type CheckoutInput = z.output<typeof checkoutSchema>;

/** POST /checkout: every line of the cart, or nothing (409 naming each line that stopped it). */
export async function checkout(
  ctx: OrderContext,
  user: SignedInUser,
  input: CheckoutInput,
): Promise<Purchase> {
  const destination = await resolveShipTo(ctx.db, user, input);
  try {
    const { purchase, lines } = await placePurchase(ctx, user, {
      lines: input.lines,
      phone: input.number,
      address: destination.address,
      shipTo: destination.shipTo,
      poNumber: input.poNumber,
      company: input.company,
      taxId: input.taxId,
      taxExempt: destination.taxExempt,
      shippingMethodId: input.shippingMethod ?? null,
      paymentMethod: input.paymentMethod ?? 'card',
    });
    return toPurchase(purchase, lines);
  } catch (error) {
    if (error instanceof LinesRefused) {
      const lines = error.lines.map(({ productId, message }) => ({ productId, message }));
      throw new HttpError(409, purchaseMessages.linesRefused, { lines });
    }
    throw error;
  }
}
