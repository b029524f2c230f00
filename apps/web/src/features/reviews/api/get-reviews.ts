import type { Review } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';

/**
 * The API answers oldest first. The home page reads these, so the answer is trusted without a
 * schema (docs/decisions/008).
 */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return call(routes.reviews.list, {}, { signal });
}

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews'], queryFn: ({ signal }) => getReviews(signal) });

/** Reviews newest first, as SPEC section 2 shows them: the returned list reversed. */
export function useLatestReviews() {
  return useQuery({ ...reviewsQueryOptions(), select: (reviews) => reviews.toReversed() });
}
