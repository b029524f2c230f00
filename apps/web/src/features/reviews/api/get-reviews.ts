import type { Review } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The API answers oldest first. */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return apiRequest<Review[]>('/reviews', { signal });
}

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews'], queryFn: ({ signal }) => getReviews(signal) });

/** Reviews newest first, as SPEC section 2 shows them: the returned list reversed. */
export function useLatestReviews() {
  return useQuery({ ...reviewsQueryOptions(), select: (reviews) => reviews.toReversed() });
}
