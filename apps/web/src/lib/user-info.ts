import { userInfoAnswerSchema, type UserInfo } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from './api-client';

/*
 * The signed-in user's stored profile. My Profile shows and saves it; the checkout is prefilled
 * from it (DESIGN section 8). One query, one key: a profile saved on My Profile (which
 * invalidates `userInfoKeys.all`) is what the checkout shows next.
 */

/** The key names the email, so another user never sees it. */
export const userInfoKeys = {
  all: ['userinfo'] as const,
  detail: (email: string) => ['userinfo', email] as const,
};

/** The stored information, or null before the first save. */
export function getUserInfo(email: string, signal?: AbortSignal): Promise<UserInfo | null> {
  return call(routes.profile.get, { params: { email } }, { schema: userInfoAnswerSchema, signal });
}

export const userInfoQueryOptions = (email: string) =>
  queryOptions({
    queryKey: userInfoKeys.detail(email),
    queryFn: ({ signal }) => getUserInfo(email, signal),
  });

/** Waits for an email: with nobody signed in there is nothing to ask for. */
export function useUserInfo(email: string | undefined) {
  return useQuery({ ...userInfoQueryOptions(email ?? ''), enabled: Boolean(email) });
}
