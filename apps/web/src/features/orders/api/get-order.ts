import { orderSchema, type Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { orderKeys } from './order-keys';

/** One order, for its owner or an admin. */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return call(routes.orders.get, { params: { id } }, { schema: orderSchema, signal });
}

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    // The payment page decides between the card form and "already paid" on this answer.
    staleTime: 0,
  });

export function useOrder(id: string) {
  const { hasAccessToken } = useSession();
  return useQuery({ ...orderQueryOptions(id), enabled: hasAccessToken });
}
