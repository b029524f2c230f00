import { orderUpdateResultSchema, type Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** PUT /shipping/{id}: an admin marks a paid order shipped. */
export async function shipOrder(id: string): Promise<Order> {
  const answer = await apiRequest(`/shipping/${encodeURIComponent(id)}`, {
    method: 'PUT',
    schema: orderUpdateResultSchema,
  });
  return answer.order;
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
