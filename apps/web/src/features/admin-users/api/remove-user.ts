import { deletedSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/**
 * Removes a user (admin). The server refuses (409) to remove the acting admin or the last
 * admin; the user's orders stay for the books.
 */
export async function removeUser(email: string): Promise<void> {
  await call(routes.users.remove, { params: { email } }, { schema: deletedSchema });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
