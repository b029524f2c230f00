import { shopUserSchema, type ShopUser } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './user-keys';

const userListSchema = z.array(shopUserSchema);

/** GET /users (admin). */
export function getUsers(signal?: AbortSignal): Promise<ShopUser[]> {
  return apiRequest('/users', { schema: userListSchema, signal });
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: userKeys.all, queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
