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
 * The shop users, newest first, a page at a time, `q` finding an email or a name (admin):
 * GET /admin/users, since SPEC's GET /users answers at most 100 in a plain array.
 */
export function getUsers(q: string, page: number, signal?: AbortSignal): Promise<UserPage> {
  return call(
    routes.users.page,
    { query: { ...(q ? { q } : {}), page: String(page), limit: String(USERS_PAGE) } },
    { schema: userPageSchema, signal },
  );
}

export const usersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: userKeys.page(q, page),
    queryFn: ({ signal }) => getUsers(q, page, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(q: string, page: number) {
  return useQuery(usersQueryOptions(q, page));
}
