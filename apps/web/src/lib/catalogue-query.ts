import type { Product } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { call, routes } from './api-client';
import { productKeys } from './product-keys';

/**
 * The whole catalogue, one query for every page that lists products: the home page and
 * /products draw their cards from it, and the cart checks each line's minimum and stock against
 * it. Here, not in the catalogue feature, because the cart (a feature of its own) reads it too.
 */
export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return call(routes.catalog.list, {}, { signal });
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: productKeys.all, queryFn: ({ signal }) => getProducts(signal) });
