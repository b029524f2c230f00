import { idSchema, isSafeText, SEARCH_QUERY_MAX, type Product } from '@shop/shared';
import { ApiError } from '../../../lib/api-error';
import { getProduct, searchProducts } from '../../../lib/catalogue-query';
import { exactMatch } from '../quick-order';

/**
 * A search's answer holds the exact part number first, then the exact name (GET /products'
 * relevance): a few are enough to find it, and the others are only checked for an exact match.
 */
export const FIND_PRODUCT_CANDIDATES = 5;

/** GET /item/{id} or GET /products answered that there is no such product (or no such text). */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * One quick-order line's product, in the whole catalogue (GET /items holds only the newest
 * products): by id when the line names one (GET /item/{id}), else by an exact part number or
 * name among the search's first answers (GET /products?q=). Null when no product matches
 * exactly; any other failure is thrown.
 */
export async function findProduct(
  identifier: string,
  signal?: AbortSignal,
): Promise<Product | null> {
  // No product's name or part number holds control characters: the search would refuse them.
  if (!isSafeText(identifier)) return null;
  // A part number is at most 32 characters, so an id (a UUID) is never one.
  if (idSchema.safeParse(identifier).success) {
    try {
      return await getProduct(identifier, signal);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  // A name may be longer than a search: its start still finds it, and the match is exact below.
  const q = identifier.slice(0, SEARCH_QUERY_MAX);
  try {
    const page = await searchProducts(
      { q, sort: 'relevance', limit: String(FIND_PRODUCT_CANDIDATES) },
      signal,
    );
    return exactMatch(identifier, page.items);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
