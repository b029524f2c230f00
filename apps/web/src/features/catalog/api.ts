import type { Product } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../lib/api-client';
import { productsQueryOptions } from '../../lib/catalogue-query';
import { productKeys } from '../../lib/product-keys';

export { getProducts, productsQueryOptions } from '../../lib/catalogue-query';

export function useProducts() {
  return useQuery(productsQueryOptions());
}

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return call(routes.catalog.get, { params: { id } }, { signal });
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
