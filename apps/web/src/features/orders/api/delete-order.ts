import { deletedSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** An admin removes an unpaid order; the server releases its stock. */
export async function deleteOrder(id: string): Promise<void> {
  await call(routes.orders.remove, { params: { id } }, { schema: deletedSchema });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
