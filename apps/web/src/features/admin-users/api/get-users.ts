import { pageOf, userSummarySchema, type UserSummary } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { userKeys } from './user-keys';

const userPageSchema = pageOf(userSummarySchema);

export interface UserPage {
  items: UserSummary[];
  total: number;
  page: number;
  limit: number;
}

/** Users a page of Make Admin shows. */
export const USERS_PAGE = 50;

/**
 * The shop users, newest first, a page at a time (admin): GET /admin/users, since SPEC's
 * GET /users answers at most 100 in a plain array.
 */
export function getUsers(page: number, signal?: AbortSignal): Promise<UserPage> {
  return call(
    routes.users.page,
    { query: { page: String(page), limit: String(USERS_PAGE) } },
    { schema: userPageSchema, signal },
  );
}

export const usersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: userKeys.page(page),
    queryFn: ({ signal }) => getUsers(page, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(page: number) {
  return useQuery(usersQueryOptions(page));
}
