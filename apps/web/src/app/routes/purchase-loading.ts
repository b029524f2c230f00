import { queryOptions } from '@tanstack/react-query';
import { getProduct } from '../../features/catalog/api';
import { productKeys } from '../../lib/product-keys';

/*
 * What the purchase page loads, shared by the page (purchase.tsx) and by what prepares it before
 * it is asked for (prepare-purchase.tsx): one module both import, so neither imports the other.
 */

/**
 * How old the purchase page's product may be when the page opens. The stock is what the quantity
 * is checked against, so the product is read fresh on every visit (and after every order); a read
 * of the last few seconds counts, so the one preparePurchase started is used, not repeated.
 */
export const PRODUCT_FRESH_MS = 5_000;

/**
 * The purchase page's product, fresh within PRODUCT_FRESH_MS. `asBuyer`: read with the signed-in
 * customer's token, so a company member's contract price is in it (the page prices the order by
 * it, as the server will); the product read before the token was known is another entry, shown
 * meanwhile, never taken for the buyer's.
 */
export const purchaseProductQueryOptions = (id: string, asBuyer = false) =>
  queryOptions({
    queryKey: [...productKeys.detail(id), asBuyer ? 'buyer' : 'public'] as const,
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: PRODUCT_FRESH_MS,
  });

/**
 * The order form's code (react-hook-form, zod, the text fields), a chunk of its own: the page
 * shows the product, its picture included, without waiting for it.
 */
export const loadPurchaseForm = () => import('../../features/orders/components/purchase-form');
