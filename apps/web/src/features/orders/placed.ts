/**
 * After the purchase form places an order, the buyer lands on the new purchase's page with this
 * marker in the address: the form's page is a server-rendered document, the purchase page part of
 * the single-page app, so the success toast cannot travel with the move and is shown on arrival.
 */
export const PLACED_PARAM = 'placed';

export const placedPurchasePath = (purchaseId: string) =>
  `/dashboard/purchases/${encodeURIComponent(purchaseId)}?${PLACED_PARAM}=1`;
