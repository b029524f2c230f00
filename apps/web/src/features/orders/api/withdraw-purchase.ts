import { purchaseSchema, type Purchase } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { purchaseKeys } from './purchases';

/** The buyer withdraws their purchase while it waits for approval: it is kept as cancelled. */
export function withdrawPurchase(id: string): Promise<Purchase> {
  return call(routes.purchases.withdraw, { params: { id } }, { schema: purchaseSchema });
}

export function useWithdrawPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawPurchase,
    onSuccess: (purchase) => queryClient.setQueryData(purchaseKeys.detail(purchase._id), purchase),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
