import { userInfoAnswerSchema, type UserInfo } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { userInfoKeys } from './user-info-keys';

/** The signed-in user's stored information, or null before the first save. */
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
