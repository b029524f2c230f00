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

/**
 * How old the purchase page's product may be when the page opens. The stock is what the quantity
 * is checked against, so the product is read fresh on every visit (and after every order); a read
 * of the last few seconds counts, so the one the server's render or a moment before made is used, not repeated.
 */
export const PRODUCT_FRESH_MS = 5_000;

/**
 * The purchase page's product, fresh within PRODUCT_FRESH_MS. `asBuyer`: read with the signed-in
 * customer's token, so a company member's contract price is in it (the page prices the order by
 * it, as the server will); the product read before the token was known is another entry, shown
 * meanwhile, never taken for the buyer's.
 */
export const purchaseProductQueryOptions = (id: string, asBuyer = false) =>
  queryOptions({
    queryKey: [...productKeys.detail(id), asBuyer ? 'buyer' : 'public'] as const,
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: PRODUCT_FRESH_MS,
  });

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
