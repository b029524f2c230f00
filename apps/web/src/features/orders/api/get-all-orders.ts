import type { Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { orderListSchema } from './get-my-orders';
import { orderKeys } from './order-keys';

/** Every customer's orders, for the admin. */
export function getAllOrders(signal?: AbortSignal): Promise<Order[]> {
  return call(routes.orders.listAll, {}, { schema: orderListSchema, signal });
}

export const allOrdersQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.everyone(),
    queryFn: ({ signal }) => getAllOrders(signal),
  });

export function useAllOrders() {
  const { hasAccessToken } = useSession();
  return useQuery({ ...allOrdersQueryOptions(), enabled: hasAccessToken });
}
