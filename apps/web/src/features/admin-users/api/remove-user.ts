import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './user-keys';

const removedSchema = z.object({ acknowledged: z.literal(true) });

/**
 * DELETE /user/{email} (admin). The server refuses (409) to remove the acting admin or the last
 * admin; the user's orders stay for the books.
 */
export async function removeUser(email: string): Promise<void> {
  await apiRequest(`/user/${encodeURIComponent(email)}`, {
    method: 'DELETE',
    schema: removedSchema,
  });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
