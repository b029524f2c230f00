import type { Order, PlaceOrder } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/**
 * Places an order. Only the product, the quantity and the contact details are sent: the server takes
 * the name and email from the token and the product copy and total from the product (DESIGN 5).
 */
export async function placeOrder(input: PlaceOrder): Promise<Order> {
  const { placeOrderResultSchema } = await import('./order-answer');
  const answer = await call(
    routes.orders.place,
    { body: input },
    { schema: placeOrderResultSchema },
  );
  return answer.order;
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
