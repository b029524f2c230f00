import { userInfoAnswerSchema, type UserInfo } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';

/**
 * The signed-in buyer's profile, which the checkout is prefilled from (DESIGN section 8). The
 * key is the profile's own (features/profile/api/user-info-keys.ts: ['userinfo', email]), so a
 * profile saved on My Profile, which invalidates ['userinfo'], is what the checkout shows next.
 */
export function useCheckoutProfile(email: string | undefined) {
  return useQuery({
    queryKey: ['userinfo', email ?? ''] as const,
    queryFn: ({ signal }): Promise<UserInfo | null> =>
      call(
        routes.profile.get,
        { params: { email: email ?? '' } },
        { schema: userInfoAnswerSchema, signal },
      ),
    enabled: Boolean(email),
  });
}
