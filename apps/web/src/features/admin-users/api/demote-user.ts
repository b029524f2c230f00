import { userPromotedSchema, type UserSummary } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** Takes a user's admin right away (admin only; the server keeps the last admin: 409). */
export async function demoteUser(email: string): Promise<UserSummary> {
  const answer = await call(
    routes.users.demote,
    { params: { email } },
    { schema: userPromotedSchema },
  );
  return answer.user;
}

export function useDemoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: demoteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
