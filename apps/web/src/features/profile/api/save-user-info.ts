import { messages, userInfoSavedSchema, type UserInfo } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { userInfoKeys } from '../../../lib/user-info';

export interface SavedUserInfo {
  email: string;
  info: UserInfo;
}

/**
 * Saves the signed-in user's own information. SPEC section 8: saving without a signed-in user
 * raises "No user is logged in." before anything is sent.
 */
export async function saveUserInfo(
  email: string | null | undefined,
  info: UserInfo,
): Promise<SavedUserInfo> {
  if (!email) throw new Error(messages.noUserLoggedIn);
  const answer = await call(
    routes.profile.save,
    { params: { email }, body: info },
    { schema: userInfoSavedSchema },
  );
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
