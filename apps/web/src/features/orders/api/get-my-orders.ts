import { orderSchema, type Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { orderKeys } from './order-keys';

export const orderListSchema = z.array(orderSchema);

/** The signed-in user's orders, newest first. */
export function getMyOrders(email: string, signal?: AbortSignal): Promise<Order[]> {
  return call(routes.orders.listOwn, { query: { email } }, { schema: orderListSchema, signal });
}

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: orderKeys.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
  });

export function useMyOrders() {
  const { user, hasAccessToken } = useSession();
  const email = user?.email ?? '';
  return useQuery({ ...myOrdersQueryOptions(email), enabled: hasAccessToken });
}
