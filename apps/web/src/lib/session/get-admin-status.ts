import type { AdminStatus } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** GET /admin/{email} with the bearer token: SPEC section 6 leaves the role to the server. */
export async function getAdminStatus(email: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiRequest<AdminStatus>(`/admin/${encodeURIComponent(email)}`, { signal });
  return answer.admin;
}

export const adminStatusQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['admin', email],
    queryFn: ({ signal }) => getAdminStatus(email, signal),
    // A promotion shows within a minute, or at once after the next sign-in.
    staleTime: 60_000,
  });
