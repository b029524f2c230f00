// Types only: the shared catalogue module builds zod schemas, and /products' first load carries
// no zod (docs/decisions/008). The few values it needs are repeated here, checked by the types.
import type { ProductSearchQuery, ProductSort } from '@shop/shared';

/** CATEGORY_PATTERN of packages/shared/src/catalog.ts. */
const CATEGORY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** SEARCH_QUERY_MAX of packages/shared/src/catalog.ts. */
const SEARCH_QUERY_MAX = 100;

/** The search /products shows, as its address carries it (?q=&category=&sort=&page=). */
export interface CatalogueSearch {
  q: string;
  category: string;
  sort: ProductSort;
  page: number;
}

export const DEFAULT_SEARCH: CatalogueSearch = { q: '', category: '', sort: 'relevance', page: 1 };

export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Relevance',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  name: 'Name',
  newest: 'Newest',
};

// SORT_LABELS names every sort of the contract (a Record of ProductSort), so its keys are them.
const isSort = (value: string): value is ProductSort => Object.hasOwn(SORT_LABELS, value);

/**
 * The address's query read leniently: what GET /products would refuse (a sort it does not know,
 * a page that is not a number) is left out, so a hand-edited link still shows a search.
 */
export function parseSearch(query: string): CatalogueSearch {
  const params = new URLSearchParams(query);
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const category = (params.get('category') ?? '').trim().toLowerCase();
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  return {
    q,
    category: CATEGORY_PATTERN.test(category) ? category : '',
    sort: isSort(sort) ? sort : 'relevance',
    page: Number.isSafeInteger(page) && page >= 1 && page < 1_000_000 ? page : 1,
  };
}

/** The address's query for a search: only what differs from the default, '' for none. */
export function searchToQuery(search: CatalogueSearch): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.category) params.set('category', search.category);
  if (search.sort !== 'relevance') params.set('sort', search.sort);
  if (search.page > 1) params.set('page', String(search.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /products' query for a search; the default search is `{}` (the server's first render). */
export function searchToApi(search: CatalogueSearch): ProductSearchQuery {
  const query: ProductSearchQuery = {};
  if (search.q) query.q = search.q;
  if (search.category) query.category = search.category;
  if (search.sort !== 'relevance') query.sort = search.sort;
  if (search.page > 1) query.page = String(search.page);
  return query;
}
