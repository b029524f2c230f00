import {
  shippingMethodListSchema,
  shippingMethodsSavedSchema,
  type ShippingMethod,
  type ShippingMethodInputBody,
} from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { shippingKeys } from '../../../lib/shipping-keys';

/** GET /admin/shipping-methods: every method, active or not, in the admin's order. */
export function getShippingMethods(signal?: AbortSignal): Promise<ShippingMethod[]> {
  return call(routes.shipping.list, {}, { schema: shippingMethodListSchema, signal });
}

export const shippingMethodsQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.methods,
    queryFn: ({ signal }) => getShippingMethods(signal),
  });

export function useShippingMethods() {
  return useQuery(shippingMethodsQueryOptions());
}

/** PUT /admin/shipping-methods: the whole list, as it should be after the change. */
export async function saveShippingMethods(
  methods: ShippingMethodInputBody[],
): Promise<ShippingMethod[]> {
  const saved = await call(
    routes.shipping.replace,
    { body: { methods } },
    { schema: shippingMethodsSavedSchema },
  );
  return saved.methods;
}

export function useSaveShippingMethods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingMethods,
    onSuccess: async (methods) => {
      queryClient.setQueryData(shippingKeys.methods, methods);
      await queryClient.invalidateQueries({ queryKey: shippingKeys.all });
    },
  });
}
