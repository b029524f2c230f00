import { deletedSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** The owner cancels an unpaid order; the server releases its stock. */
export async function cancelOrder(id: string): Promise<void> {
  await call(routes.orders.cancel, { params: { id } }, { schema: deletedSchema });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
