import { deletedSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewsQueryOptions } from './get-reviews';

/** DELETE /review/{id} (admin): moderation; the server records it in the audit log. */
export async function deleteReview(id: string): Promise<void> {
  await apiRequest(`/review/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: deletedSchema,
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    // Settled, not success: a 404 means another admin deleted it first, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsQueryOptions().queryKey }),
  });
}
