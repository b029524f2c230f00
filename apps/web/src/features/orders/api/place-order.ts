import type { Order, PlaceOrder } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { attemptKeys } from '../../../lib/attempt-key';
import { orderKeys } from './order-keys';

/** One Idempotency-Key per Buy Now: a double press or a retry places one purchase. */
const attempts = attemptKeys();

/**
 * Places an order. Only the product, the quantity and the contact details are sent: the server takes
 * the name and email from the token and the product copy and total from the product (DESIGN 5).
 */
export async function placeOrder(input: PlaceOrder): Promise<Order> {
  const { placeOrderResultSchema } = await import('./order-answer');
  const answer = await attempts(input, (idempotencyKey) =>
    call(routes.orders.place, { body: input }, { schema: placeOrderResultSchema, idempotencyKey }),
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
