import { idSchema, reviewSchema, type Review, type ReviewInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { reviewsQueryOptions } from './get-reviews';

const reviewAddedSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: idSchema,
  review: reviewSchema,
});

/**
 * POST /review. Only the rating and the comment are sent: the server signs the review with the
 * name and email of the token's user (DESIGN section 5), so nobody reviews in another's name.
 */
export async function addReview(input: ReviewInput): Promise<Review> {
  const answer = await apiRequest('/review', {
    method: 'POST',
    body: input,
    schema: reviewAddedSchema,
  });
  return answer.review;
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryOptions().queryKey }),
  });
}
