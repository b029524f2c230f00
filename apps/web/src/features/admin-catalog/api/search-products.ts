import { productPageSchema, type ProductPage, type ProductSearchQuery } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { productKeys } from '../../../lib/product-keys';

/** Manage Products' view of the catalogue: a search, the low-stock filter and a page. */
export interface AdminProductView {
  q: string;
  lowStock: boolean;
  page: number;
}

export const ADMIN_PRODUCTS_PAGE = 20;

/** The query of a view: newest first unless a search ranks the products. */
export function searchQueryOf({ q, lowStock, page }: AdminProductView): ProductSearchQuery {
  return {
    ...(q ? { q } : { sort: 'newest' }),
    ...(lowStock ? { stock: 'low' } : {}),
    page: String(page),
    limit: String(ADMIN_PRODUCTS_PAGE),
  };
}

export function searchProducts(query: ProductSearchQuery, signal?: AbortSignal) {
  return call(routes.catalog.search, { query }, { schema: productPageSchema, signal });
}

/** Under productKeys.all, so every product write refreshes the page the admin reads. */
export function useAdminProducts(view: AdminProductView) {
  const query = searchQueryOf(view);
  return useQuery({
    queryKey: [...productKeys.all, 'admin-search', query],
    queryFn: ({ signal }): Promise<ProductPage> => searchProducts(query, signal),
    placeholderData: keepPreviousData,
  });
}
