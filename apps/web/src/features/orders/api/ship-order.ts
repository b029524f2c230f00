import { orderUpdateResultSchema, type Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** An admin marks a paid order shipped. */
export async function shipOrder(id: string): Promise<Order> {
  const answer = await call(
    routes.orders.ship,
    { params: { id } },
    { schema: orderUpdateResultSchema },
  );
  return answer.order;
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
