import { purchaseSchema, type Purchase, type ShipPurchase } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export interface ShipPurchaseRequest {
  id: string;
  /** Carrier, tracking number and, for part of the purchase, its lines and quantities. */
  shipment: NonNullable<ShipPurchase>;
}

/** An admin ships a paid purchase, whole or in part, as one parcel (PUT /purchase/{id}/ship). */
export function shipPurchase({ id, shipment }: ShipPurchaseRequest): Promise<Purchase> {
  return call(
    routes.purchases.ship,
    { params: { id }, body: shipment },
    { schema: purchaseSchema },
  );
}

export function useShipPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipPurchase,
    // The lists and the purchase page (its keys start with 'orders' too) read it again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
