import { shippingOptionListSchema, type ShippingOption } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from './api-client';
import { shippingKeys } from './shipping-keys';

export interface ShippingDestination {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The parcel's weight in kilograms. */
  weightKg: number;
  /** The goods' subtotal in dollars; with it, methods free above a threshold answer 0. */
  subtotal?: number | null;
}

/** GET /shipping-methods?country=&weight=&subtotal=: the methods that serve it, cheapest first. */
export function getShippingOptions(
  { country, weightKg, subtotal = null }: ShippingDestination,
  signal?: AbortSignal,
): Promise<ShippingOption[]> {
  return call(
    routes.shipping.options,
    {
      query: {
        country,
        weight: String(weightKg),
        ...(subtotal === null ? {} : { subtotal: String(subtotal) }),
      },
    },
    { schema: shippingOptionListSchema, signal },
  );
}

export const shippingOptionsQueryOptions = (destination: ShippingDestination) =>
  queryOptions({
    queryKey: shippingKeys.options(
      destination.country,
      destination.weightKg,
      destination.subtotal ?? null,
    ),
    queryFn: ({ signal }) => getShippingOptions(destination, signal),
  });

export function useShippingOptions(destination: ShippingDestination) {
  return useQuery(shippingOptionsQueryOptions(destination));
}
