import type { PlaceOrder, PlaceOrderResult } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { attemptKeys } from '../../../lib/attempt-key';
import { orderKeys } from './order-keys';

/** One Idempotency-Key per Buy Now: a double press or a retry places one purchase. */
const attempts = attemptKeys();

/**
 * Buy Now: places a purchase of one line. Only the product, the quantity and the contact details
 * are sent: the server takes the name and email from the token, the price from the product (and
 * the buyer's company), and says whether it waits for approval (DESIGN sections 5 and 9).
 */
export async function placeOrder(input: PlaceOrder): Promise<PlaceOrderResult> {
  const { placeOrderResultSchema } = await import('./order-answer');
  const answer = await attempts(input, (idempotencyKey) =>
    call(routes.orders.place, { body: input }, { schema: placeOrderResultSchema, idempotencyKey }),
  );
  return answer;
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
