import { deletedSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { reviewsQueryOptions } from './get-reviews';

/** Removes a review (admin): moderation; the server records it in the audit log. */
export async function deleteReview(id: string): Promise<void> {
  await call(routes.reviews.remove, { params: { id } }, { schema: deletedSchema });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    // Settled, not success: a 404 means another admin deleted it first, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsQueryOptions().queryKey }),
  });
}
