import { userSummarySchema, type UserSummary } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './user-keys';

const madeAdminSchema = z.object({ acknowledged: z.literal(true), user: userSummarySchema });

export interface MakeAdminVariables {
  /** The user to promote. */
  email: string;
  /** SPEC section 7: the body names the acting admin. */
  adminEmail: string;
}

/** PUT /user/admin/{email} (admin). */
export async function makeAdmin({ email, adminEmail }: MakeAdminVariables): Promise<UserSummary> {
  const answer = await apiRequest(`/user/admin/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body: { email: adminEmail },
    schema: madeAdminSchema,
  });
  return answer.user;
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
