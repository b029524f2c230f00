import { purchaseSchema, type Checkout, type Purchase } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, routes } from '../../../lib/api-client';
import { attemptKeys } from '../../../lib/attempt-key';
import { productKeys } from '../../../lib/product-keys';

/** One Idempotency-Key per checkout: a double press or a retry places one purchase. */
const attempts = attemptKeys();

/**
 * POST /checkout: every line of the cart as one purchase, all or none (DESIGN section 8). The
 * server takes the name and email from the token and prices each line itself.
 */
export function checkout(input: Checkout): Promise<Purchase> {
  return attempts(input, (idempotencyKey) =>
    call(routes.purchases.checkout, { body: input }, { schema: purchaseSchema, idempotencyKey }),
  );
}

/** Order query keys start with 'orders' (features/orders): My Orders shows the new lines. */
const ORDERS_KEY = ['orders'] as const;

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    // Placed or refused, stock moved: the cart's live check and the catalogue read it again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

/**
 * The lines a 409 of POST /checkout refused, by product id: nothing was ordered, and each of
 * these says why. Empty for any other error (then the message alone tells).
 */
export function refusedLines(error: unknown): Map<string, string> {
  if (!(error instanceof ApiError) || error.status !== 409) return new Map();
  const lines = (error.body as { lines?: unknown } | undefined)?.lines;
  if (!Array.isArray(lines)) return new Map();
  const refused = new Map<string, string>();
  for (const line of lines as unknown[]) {
    const { productId, message } = (line ?? {}) as { productId?: unknown; message?: unknown };
    if (typeof productId === 'string' && typeof message === 'string') {
      refused.set(productId, message);
    }
  }
  return refused;
}
