import type { Product, ProductPage, ProductSearchQuery } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { call, routes } from './api-client';
import { productKeys } from './product-keys';

/**
 * The newest products (GET /items, at most ITEMS_LIST_MAX): the home page draws its cards from
 * them. Here, not in the catalogue feature, because other features read the catalogue too.
 */
export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return call(routes.catalog.list, {}, { signal });
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: productKeys.all, queryFn: ({ signal }) => getProducts(signal) });

/** One product (GET /item/{id}): the product page, the purchase page and each cart line. */
export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return call(routes.catalog.get, { params: { id } }, { signal });
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

/** A page of the catalogue's search (GET /products): /products. */
export function searchProducts(
  query: ProductSearchQuery,
  signal?: AbortSignal,
): Promise<ProductPage> {
  return call(routes.catalog.search, { query }, { signal });
}

/**
 * `asBuyer`: asked with the signed-in buyer's token, so a company member's answer carries their
 * contract prices (issue 28); another entry than the shared answer the server rendered.
 */
export const productSearchQueryOptions = (query: ProductSearchQuery, asBuyer = false) =>
  queryOptions({
    queryKey: asBuyer
      ? ([...productKeys.search(query), 'buyer'] as const)
      : productKeys.search(query),
    queryFn: ({ signal }) => searchProducts(query, signal),
  });
