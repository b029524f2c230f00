import { messages, userInfoSchema, type UserInfo } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { userInfoKeys } from './user-info-keys';

const savedInfoSchema = z.object({
  acknowledged: z.literal(true),
  upserted: z.boolean(),
  info: userInfoSchema,
});

export interface SavedUserInfo {
  email: string;
  info: UserInfo;
}

/**
 * PUT /userinfo/{email} (self). SPEC section 8: saving without a signed-in user raises
 * "No user is logged in." before anything is sent.
 */
export async function saveUserInfo(
  email: string | null | undefined,
  info: UserInfo,
): Promise<SavedUserInfo> {
  if (!email) throw new Error(messages.noUserLoggedIn);
  const answer = await apiRequest(`/userinfo/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body: info,
    schema: savedInfoSchema,
  });
  return { email, info: answer.info };
}

/** Saves for the signed-in user and shows the stored answer at once. */
export function useSaveUserInfo() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const email = user?.email;
  return useMutation({
    mutationFn: (info: UserInfo) => saveUserInfo(email, info),
    onSuccess: (saved) => queryClient.setQueryData(userInfoKeys.detail(saved.email), saved.info),
  });
}
