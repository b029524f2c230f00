import {
  fromCents,
  purchaseMessages,
  SHOP_CURRENCY,
  taxNoteOf,
  type CheckoutPreview,
  type checkoutSchema,
} from '@shop/shared';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { products } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import { membershipOf } from '../../modules/companies/membership.js';
import type { OrderContext } from '../../modules/orders/context.js';
import { orderMessages } from '../../modules/orders/messages.js';
import { chosenMethodAnswer, taxLinesAnswer } from '../../modules/orders/purchase-serialize.js';
import { ChargeTables, chargePurchase, taxBuyerAs } from './charges.js';
import { resolveShipTo } from './ship-to.js';
import { contractPricesOf, judgeLines, specialPrices } from './steps.js';

/**
 * POST /checkout/preview (issue 29): the charges POST /checkout would make for the same body,
 * through the same steps (ship-to, pricing and the quantity rule, shipping, tax), reading instead
 * of locking and placing nothing; a quote's acceptance previews through it with the offer's prices.
 * The cart, Buy Now and the accept form show its figures, so the total a buyer
 * sees is the total they are charged while nothing changes between.
 */
export async function previewPurchase(
  ctx: OrderContext,
  user: SignedInUser,
  input: z.output<typeof checkoutSchema>,
  /** The unit prices (cents) of a quote's offer being accepted (POST /quote/{id}/preview). */
  quotePrices: Map<string, number> | null = null,
): Promise<CheckoutPreview> {
  const destination = await resolveShipTo(ctx.db, user, input);
  const membership = await membershipOf(ctx.db, user);
  const taxBuyer = await taxBuyerAs(ctx.db, membership, input, ctx.charges.viesUrl);
  const productIds = input.lines.map((line) => line.productId);
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(products).where(inArray(products.id, productIds));
    const productOf = new Map(rows.map((row) => [row.id, row]));
    const contract = specialPrices(
      membership
        ? (await contractPricesOf(tx, [membership.companyId], productIds)).get(
            membership.companyId,
          )!
        : new Map<string, number>(),
      quotePrices,
    );
    const available = new Map(rows.map((row) => [row.id, row.available]));
    const judged = judgeLines(
      input.lines,
      productOf,
      available,
      contract,
      orderMessages.productNotFound,
    );
    if (judged.refusals.length > 0) {
      const lines = judged.refusals.map(({ productId, message }) => ({ productId, message }));
      throw new HttpError(409, purchaseMessages.linesRefused, { lines });
    }
    const charged = await chargePurchase(new ChargeTables(tx, ctx.charges), productOf, {
      lines: judged.priced,
      destination: { shipTo: destination.shipTo, taxExempt: destination.taxExempt },
      methodId: input.shippingMethod ?? null,
      buyer: taxBuyer,
      companyId: membership?.companyId ?? null,
    });
    return {
      lines: charged.lines.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        unitPrice: fromCents(line.unitPrice),
        price: fromCents(line.quantity * line.unitPrice),
        shippingCharge: fromCents(line.shippingCharge ?? 0),
        tax: fromCents(line.tax ?? 0),
      })),
      subtotal: fromCents(charged.subtotal),
      shipping: fromCents(charged.shipping),
      tax: fromCents(charged.tax),
      total: fromCents(charged.total),
      currency: SHOP_CURRENCY,
      shippingMethod: charged.method ? chosenMethodAnswer(charged.method) : null,
      shippingOptions: charged.options.map(({ row, price }) => ({
        ...chosenMethodAnswer(row),
        price: fromCents(price),
      })),
      taxLines: taxLinesAnswer(charged.taxRow, charged.subtotal + charged.shipping, charged.tax),
      reverseCharge: charged.taxRow.reverseCharge,
      taxNote: taxNoteOf(charged.taxRow.treatment, charged.taxRow.note),
    };
  });
}
