import { userSummarySchema, type UserSummary } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { call, routes } from '../../../lib/api-client';
import { userKeys } from './user-keys';

const userListSchema = z.array(userSummarySchema);

/** Every shop user (admin). */
export function getUsers(signal?: AbortSignal): Promise<UserSummary[]> {
  return call(routes.users.list, {}, { schema: userListSchema, signal });
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: userKeys.all, queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
