/*
 * The code the purchase page (purchase.tsx) loads apart. Its product query is
 * lib/catalogue-query.ts's purchaseProductQueryOptions, which the server's render seeds too
 * (app/page-data.ts).
 */

/**
 * The order form's code (react-hook-form, zod, the text fields), a chunk of its own: the page
 * shows the product, its picture included, without waiting for it.
 */
export const loadPurchaseForm = () => import('../../features/orders/components/purchase-form');
