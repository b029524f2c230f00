import { productPageSchema, type Product } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { productKeys } from '../../../lib/product-keys';

const PICKER_LIMIT = 8;

/** GET /products?q=: the catalogue search, for picking a product by part number or name. */
export async function findProducts(q: string, signal?: AbortSignal): Promise<Product[]> {
  const query = { q, page: '1', limit: String(PICKER_LIMIT) };
  const page = await call(routes.catalog.search, { query }, { schema: productPageSchema, signal });
  return page.items;
}

export function useFindProducts(q: string) {
  return useQuery({
    queryKey: [...productKeys.all, 'company-price-picker', q],
    queryFn: ({ signal }) => findProducts(q, signal),
    enabled: q !== '',
  });
}
