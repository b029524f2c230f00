import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { productQueryOptions } from '../../features/catalog/api';

/** The purchase page's code: the router loads it lazily (routes.tsx), and so does preparePurchase. */
export const loadPurchasePage = () => import('./purchase');

/**
 * The order form's code (react-hook-form, zod, the text fields), a chunk of its own: the page
 * shows the product, its picture included, without waiting for it.
 */
export const loadPurchaseForm = () => import('../../features/orders/components/purchase-form');

/**
 * How old the purchase page's product may be when the page opens. The stock is what the quantity
 * is checked against, so the product is read fresh on every visit (and after every order); a read
 * of the last few seconds counts, so the one preparePurchase started is used, not repeated.
 */
export const PRODUCT_FRESH_MS = 5_000;

/**
 * Starts what /purchase/{id} shows first, its product, the product's picture (the page's largest
 * paint) and the page's and the form's code, before they are asked for: when a pointer or the focus reaches Buy
 * Now, and on a direct visit while the session is still being checked. GET /item/{id} is public,
 * so nothing waits for the sign-in. A failed load is left to the page, which shows its own error.
 */
export function preparePurchase(queryClient: QueryClient, id: string) {
  const options = { ...productQueryOptions(id), staleTime: PRODUCT_FRESH_MS };
  void queryClient.prefetchQuery(options).then(() => {
    // The picture starts as soon as its address is known, not once the page's code has run.
    const product = queryClient.getQueryData(options.queryKey);
    if (product) preloadImage(product.img);
  });
  loadPurchasePage().catch(() => undefined);
  loadPurchaseForm().catch(() => undefined);
}

function preloadImage(src: string) {
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = src;
}

/** Around the guarded purchase page: prepares it as soon as its address is known. */
export function PreparePurchase() {
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  useEffect(() => preparePurchase(queryClient, id), [queryClient, id]);
  return <Outlet />;
}
