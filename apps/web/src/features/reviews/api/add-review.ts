import { reviewCreatedSchema, type Review, type ReviewInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { reviewsQueryOptions } from './get-reviews';

/**
 * Posts a review. Only the rating and the comment are sent: the server signs the review with the
 * name and email of the token's user (DESIGN section 5), so nobody reviews in another's name.
 */
export async function addReview(input: ReviewInput): Promise<Review> {
  const answer = await call(
    routes.reviews.create,
    { body: input },
    { schema: reviewCreatedSchema },
  );
  return answer.review;
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryOptions().queryKey }),
  });
}
