import { orderUpdateResultSchema, type Order, type RecordPayment } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/**
 * PUT /order/{id} with `{ _id, transactionId }` (SPEC section 7). The server asks the gateway
 * whether that payment succeeded for this order's amount before it marks the order paid.
 */
export async function recordPayment(input: RecordPayment): Promise<Order> {
  const answer = await apiRequest(`/order/${encodeURIComponent(input._id)}`, {
    method: 'PUT',
    body: input,
    schema: orderUpdateResultSchema,
  });
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
