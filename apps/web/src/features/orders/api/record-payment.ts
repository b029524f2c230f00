import { orderUpdateResultSchema, type Order, type RecordPayment } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/**
 * Records a payment with `{ _id, transactionId }` (SPEC section 7). The server asks the gateway
 * whether that payment succeeded for this order's amount before it marks the order paid.
 */
export async function recordPayment(input: RecordPayment): Promise<Order> {
  const answer = await call(
    routes.orders.recordPayment,
    { params: { id: input._id }, body: input },
    { schema: orderUpdateResultSchema },
  );
  return answer.order;
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order._id), order);
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
