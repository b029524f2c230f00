import type { Product } from '@shop/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { loadPurchaseForm, purchaseProductQueryOptions } from './purchase-loading';

/** The purchase page's code: the router loads it lazily (routes.tsx), and so does preparePurchase. */
export const loadPurchasePage = () => import('./purchase');

/**
 * Starts what /purchase/{id} shows first, its product, the product's picture (the page's largest
 * paint) and the page's and the form's code, before they are asked for: when a pointer or the
 * focus reaches Buy Now, and on a direct visit while the session is still being checked. A
 * product is public, so nothing waits for the sign-in. A failed load is left to the page, which
 * shows its own error.
 */
export function preparePurchase(queryClient: QueryClient, id: string) {
  const options = purchaseProductQueryOptions(id);
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

/**
 * For the pages that show product cards: what a card's Buy Now calls when a pointer or the focus
 * reaches it (the catalogue's cards know nothing of the purchase page).
 */
export function usePreparePurchase(): (product: Product) => void {
  const queryClient = useQueryClient();
  return useCallback((product) => preparePurchase(queryClient, product._id), [queryClient]);
}

/** Around the guarded purchase page: prepares it as soon as its address is known. */
export function PreparePurchase() {
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  useEffect(() => preparePurchase(queryClient, id), [queryClient, id]);
  return <Outlet />;
}
