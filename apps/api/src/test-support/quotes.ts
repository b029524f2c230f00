import { api, type Quote, type QuoteAccepted } from '@shop/shared';
import type { TestApp } from './build-test-app.js';
import { answered, injectUnchecked } from './inject.js';
import type { Shopper } from './shop.js';

/** A line of a quote: a product, its quantity and the unit price (dollars) the shop offers. */
export interface OfferedLine {
  productId: string;
  quantity: number;
  unitPrice: number;
}

/**
 * A quote `who` asks for on the lines, offered by `admin` at their unit prices for a week: its
 * id, ready to accept. The quote road of the every-road tests (docs/decisions/052).
 */
export async function offeredQuote(
  t: TestApp,
  who: Shopper,
  admin: Shopper,
  lines: OfferedLine[],
): Promise<string> {
  const asked = lines.map(({ productId, quantity }) => ({ productId, quantity }));
  const quote = await answered<Quote>(
    injectUnchecked(t, api.quotes.create, { body: { lines: asked } }, who),
    201,
  );
  const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  await answered(
    injectUnchecked(
      t,
      api.quotes.offer,
      { params: { id: quote._id }, body: { lines, expiresAt } },
      admin,
    ),
  );
  return quote._id;
}

/** PUT /quote/{id}/accept with `body` (contact, destination, method, payment), unchecked. */
export const acceptQuote = (t: TestApp, who: Shopper, id: string, body: object) =>
  injectUnchecked(t, api.quotes.accept, { params: { id }, body }, who);

/** Accepts and answers the purchase it made (200 expected). */
export async function purchaseFromQuote(t: TestApp, who: Shopper, id: string, body: object) {
  return (await answered<QuoteAccepted>(acceptQuote(t, who, id, body))).purchase;
}
