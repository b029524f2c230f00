import { paymentIntentSchema, purchaseSchema, type Purchase } from '@shop/shared';
import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { purchaseKeys } from './purchases';

/**
 * One payment for every unpaid line of a purchase (DESIGN section 8): `{ purchaseId }`. The server
 * adds up the unpaid lines itself and keeps one intent per purchase, so asking again is safe.
 */
export async function createPurchasePaymentIntent(
  purchaseId: string,
  signal?: AbortSignal,
): Promise<string> {
  const answer = await call(
    routes.payments.createIntent,
    { body: { purchaseId } },
    { schema: paymentIntentSchema, signal },
  );
  return answer.clientSecret;
}

/**
 * Outside 'orders' (as paymentIntentKey): refreshing the purchase after the payment must not ask
 * for a new intent.
 */
export const purchasePaymentIntentKey = (purchaseId: string) =>
  ['payment-intent', 'purchase', purchaseId] as const;

/** Asks only once the purchase is known to have something left to pay. */
export const purchasePaymentIntentQueryOptions = (
  purchaseId: string,
  purchase: Purchase | undefined,
) =>
  queryOptions({
    queryKey: purchasePaymentIntentKey(purchaseId),
    queryFn:
      purchase && purchase.unpaidTotal > 0
        ? ({ signal }) => createPurchasePaymentIntent(purchaseId, signal)
        : skipToken,
    staleTime: Infinity,
    // A page opened later asks again, so a secret never outlives the page that used it.
    gcTime: 0,
  });

export function usePurchaseClientSecret(purchaseId: string, purchase: Purchase | undefined) {
  return useQuery(purchasePaymentIntentQueryOptions(purchaseId, purchase));
}

/**
 * Records the gateway's payment for the whole purchase (`PUT /purchase/{id}/pay`); the server
 * checks it with the gateway before every unpaid line becomes paid.
 */
export async function recordPurchasePayment(input: {
  purchaseId: string;
  transactionId: string;
}): Promise<Purchase> {
  return call(
    routes.purchases.recordPayment,
    { params: { id: input.purchaseId }, body: { transactionId: input.transactionId } },
    { schema: purchaseSchema },
  );
}

export function useRecordPurchasePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPurchasePayment,
    onSuccess: (purchase) => {
      queryClient.setQueryData(purchaseKeys.detail(purchase._id), purchase);
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
