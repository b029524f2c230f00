import { queryOptions } from '@tanstack/react-query';
import { call, routes } from '../api-client';

/**
 * Whether the signed-in user is an admin, asked with the bearer token: SPEC section 6 leaves the
 * role to the server. Every page's navigation asks, so no schema (docs/decisions/008).
 */
export async function getAdminStatus(email: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await call(routes.identity.adminStatus, { params: { email } }, { signal });
  return answer.admin;
}

export const adminStatusQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['admin', email],
    queryFn: ({ signal }) => getAdminStatus(email, signal),
    // A promotion shows within a minute, or at once after the next sign-in.
    staleTime: 60_000,
  });
