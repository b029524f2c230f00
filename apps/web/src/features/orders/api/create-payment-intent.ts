import { paymentIntentSchema, type Order } from '@shop/shared';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { paymentIntentKey } from './order-keys';

/**
 * Starts paying: the gateway's client secret for this order. The server takes the
 * amount from the stored order (`price` is SPEC's field, sent for compatibility) and keeps one
 * intent per order, which is why asking again, as a query does, is safe.
 */
export async function createPaymentIntent(order: Order, signal?: AbortSignal): Promise<string> {
  const answer = await call(
    routes.payments.createIntent,
    { body: { orderId: order._id, price: order.price } },
    { schema: paymentIntentSchema, signal },
  );
  return answer.clientSecret;
}

/** Asks only once the order is known to be unpaid: a paid order gets no new intent. */
export const paymentIntentQueryOptions = (orderId: string, order: Order | undefined) =>
  queryOptions({
    queryKey: paymentIntentKey(orderId),
    queryFn: order && !order.paid ? ({ signal }) => createPaymentIntent(order, signal) : skipToken,
    staleTime: Infinity,
    // A page opened later asks again, so a secret never outlives the page that used it.
    gcTime: 0,
  });

export function useClientSecret(orderId: string, order: Order | undefined) {
  return useQuery(paymentIntentQueryOptions(orderId, order));
}
