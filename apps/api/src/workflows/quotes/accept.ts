import {
  purchaseMessages,
  type CheckoutPreview,
  quoteMessages,
  type QuoteAccepted,
  type quoteAcceptSchema,
} from '@shop/shared';
import type { z } from 'zod';
import { HttpError } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import type { OrderContext } from '../../modules/orders/context.js';
import { toPurchase } from '../../modules/orders/purchase-serialize.js';
import { findQuote, offerPrices, versionOf } from '../../modules/quotes/store.js';
import { LinesRefused, placePurchase } from '../buying/place-purchase.js';
import { previewPurchase } from '../buying/preview.js';
import { resolveShipTo } from '../buying/ship-to.js';
import { mustAct, readableQuote } from './access.js';
import { toQuote } from './reading.js';

/*
 * Accepting a quote (issue 31 item 3, docs/decisions/052): the latest offer becomes a purchase
 * through the one way to buy (place-purchase.ts), so the spending limit, approval, credit on
 * account, stock, shipping and tax apply as they do to a checkout, and the answer's total is the
 * total charged. The checks here answer the common cases early; the ones that decide are made
 * again under the quote's row lock in the purchase's transaction, where two accepts at once
 * make one purchase and the other a 409 (and the database holds one purchase per quote).
 */

type AcceptBody = z.output<typeof quoteAcceptSchema>;

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The offer the caller may accept now, or the reason not (403, 409), and the checkout it amounts
 * to: the offer's lines, shipped where the body says, else to the location the quote was asked
 * for. Accepting and its preview both start here, so the preview prices what accepting buys.
 */
async function offerInForce(ctx: OrderContext, user: SignedInUser, id: string, body: AcceptBody) {
  const { quote, standing } = await readableQuote(ctx.db, user, id);
  mustAct(standing);
  if (quote.status === 'accepted') throw new HttpError(409, quoteMessages.acceptedAlready);
  if (quote.status === 'declined') throw new HttpError(409, quoteMessages.closed('declined'));
  if (quote.latestVersion === 0) throw new HttpError(409, quoteMessages.noOffer);
  if (body.version !== undefined && body.version !== quote.latestVersion) {
    throw new HttpError(409, quoteMessages.staleOffer);
  }
  const offer = await versionOf(ctx.db, quote.id, quote.latestVersion);
  if (!offer) throw new HttpError(409, quoteMessages.noOffer);
  if (offer.expiresAt <= new Date()) {
    throw new HttpError(409, quoteMessages.expired(day(offer.expiresAt)));
  }
  const given = body.locationId ?? body.shipTo ?? body.address;
  const checkout = {
    ...body,
    lines: offer.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
    locationId: given === undefined ? (quote.locationId ?? undefined) : body.locationId,
  };
  return { quote, offer, checkout, prices: offerPrices(offer.lines) };
}

/** POST /quote/{id}/preview: what accepting with this body would charge, placing nothing. */
export async function previewQuote(
  ctx: OrderContext,
  user: SignedInUser,
  id: string,
  body: AcceptBody,
): Promise<CheckoutPreview> {
  const { checkout, prices } = await offerInForce(ctx, user, id, body);
  return previewPurchase(ctx, user, checkout, prices);
}

/** PUT /quote/{id}/accept. */
export async function acceptQuote(
  ctx: OrderContext,
  user: SignedInUser,
  id: string,
  body: AcceptBody,
): Promise<QuoteAccepted> {
  const { quote, offer, checkout, prices } = await offerInForce(ctx, user, id, body);
  const destination = await resolveShipTo(ctx.db, user, checkout);
  try {
    const { purchase, lines } = await placePurchase(ctx, user, {
      lines: checkout.lines,
      phone: body.number,
      address: destination.address,
      shipTo: destination.shipTo,
      poNumber: body.poNumber,
      company: body.company,
      taxId: body.taxId,
      taxExempt: destination.taxExempt,
      shippingMethodId: body.shippingMethod ?? null,
      paymentMethod: body.paymentMethod ?? 'card',
      quote: {
        id: quote.id,
        number: quote.number,
        version: offer.version,
        prices,
      },
    });
    const accepted = (await findQuote(ctx.db, quote.id)) ?? quote;
    return { ...(await toQuote(ctx.db, accepted)), purchase: toPurchase(purchase, lines) };
  } catch (error) {
    if (error instanceof LinesRefused) {
      const lines = error.lines.map(({ productId, message }) => ({ productId, message }));
      throw new HttpError(409, purchaseMessages.linesRefused, { lines });
    }
    throw error;
  }
}
