import { userPromotedSchema, type UserSummary } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export interface MakeAdminVariables {
  /** The user to promote. */
  email: string;
  /** SPEC section 7: the body names the acting admin. */
  adminEmail: string;
}

/** Makes a user an admin (admin only; the server refuses an unverified address). */
export async function makeAdmin({ email, adminEmail }: MakeAdminVariables): Promise<UserSummary> {
  const answer = await call(
    routes.users.promote,
    { params: { email }, body: { email: adminEmail } },
    { schema: userPromotedSchema },
  );
  return answer.user;
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
