import type { Checkout, CheckoutPreview } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, routes } from './api-client';
import { useDebouncedValue } from './use-debounced-value';

/** How long the body must stay the same before it is priced: one request per pause in typing. */
export const PREVIEW_DELAY_MS = 300;

/**
 * POST /checkout/preview (issue 29): what POST /checkout with the same body would charge (goods,
 * shipping and the methods to choose from, tax, total), placing nothing. The Buy Now page asks
 * it too, so its answer is trusted as it comes, without zod (docs/decisions/008).
 */
export function previewCheckout(body: Checkout, signal?: AbortSignal): Promise<CheckoutPreview> {
  return call(routes.purchases.preview, { body }, { signal });
}

export const checkoutPreviewKeys = {
  all: ['checkout-preview'] as const,
  of: (scope: string, key: string) => ['checkout-preview', scope, key] as const,
};

export interface CheckoutPreviewState {
  /** The answer for the body as it is now; undefined while it is asked for (or cannot be). */
  preview: CheckoutPreview | undefined;
  /** The last answer, for another body: its shipping methods stay on show while prices update. */
  last: CheckoutPreview | undefined;
  /** Asking for the body as it is now (or waiting for the typing to pause). */
  pending: boolean;
  /** The server's refusal of the body as it is now (400: no method serves it; 409: lines). */
  error: Error | null;
}

/**
 * The charge of `body` (null: nothing to price yet, such as before the phone and address are
 * complete), asked of `ask` once the body has stayed the same for PREVIEW_DELAY_MS, keyed by
 * `scope` and the body so an answer is never shown for another one. The cart and Buy Now ask
 * POST /checkout/preview; a quote's acceptance asks POST /quote/{id}/preview.
 */
export function usePreview<Body>(
  body: Body | null,
  scope: string,
  ask: (body: Body, signal?: AbortSignal) => Promise<CheckoutPreview>,
): CheckoutPreviewState {
  const key = body ? JSON.stringify(body) : '';
  const settled = useDebouncedValue(body, key, PREVIEW_DELAY_MS);
  const settledKey = settled ? JSON.stringify(settled) : '';
  const query = useQuery({
    queryKey: checkoutPreviewKeys.of(scope, settledKey),
    queryFn: ({ signal }) => ask(settled!, signal),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const current = body !== null && settledKey === key && !query.isPlaceholderData;
  return {
    preview: current ? query.data : undefined,
    last: query.data,
    pending: body !== null && (!current || query.isFetching),
    error: current && query.isError ? query.error : null,
  };
}

/** What POST /checkout with `body` would charge (the cart, Buy Now). */
export const useCheckoutPreview = (body: Checkout | null): CheckoutPreviewState =>
  usePreview(body, 'checkout', previewCheckout);
