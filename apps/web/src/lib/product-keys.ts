import type { ProductSearchQuery } from '@shop/shared';

/**
 * Every product query key starts with 'products', so one invalidation after a write refreshes the
 * home page, the catalogue and each purchase page alike. Here, not in the catalogue feature,
 * because the admin's product pages and the orders (which move stock) invalidate them too.
 */
export const productKeys = {
  all: ['products'] as const,
  detail: (id: string) => ['products', id] as const,
  /** A search of /products; its parameters as one object, so their order does not matter. */
  search: (query: ProductSearchQuery) => ['products', 'search', query] as const,
};
