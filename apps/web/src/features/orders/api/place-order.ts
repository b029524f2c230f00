import type { PlaceOrder, PlaceOrderResult } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/**
 * Buy Now: places a purchase of one line. Only the product, the quantity and the contact details
 * are sent: the server takes the name and email from the token, the price from the product (and
 * the buyer's company), and says whether it waits for approval (DESIGN sections 5 and 9).
 */
export async function placeOrder(input: PlaceOrder): Promise<PlaceOrderResult> {
  const { placeOrderResultSchema } = await import('./order-answer');
  const answer = await call(
    routes.orders.place,
    { body: input },
    { schema: placeOrderResultSchema },
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
