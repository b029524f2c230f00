import { orderUpdateResultSchema, type Order, type ShipOrder } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export interface ShipRequest {
  id: string;
  /** Carrier and tracking number, when the admin gave them. */
  shipment?: ShipOrder;
}

/** An admin marks a paid order shipped. */
export async function shipOrder({ id, shipment }: ShipRequest): Promise<Order> {
  const answer = await call(
    routes.orders.ship,
    { params: { id }, ...(shipment ? { body: shipment } : {}) },
    { schema: orderUpdateResultSchema },
  );
  return answer.order;
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
