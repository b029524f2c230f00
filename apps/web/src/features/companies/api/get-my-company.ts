import { companyAnswerSchema, type Company } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { companyKeys } from './company-keys';

/** GET /company: the caller's company with its members, or null when they belong to none (404). */
export async function getMyCompany(signal?: AbortSignal): Promise<Company | null> {
  try {
    return await call(routes.companies.mine, {}, { schema: companyAnswerSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const myCompanyQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.mine, queryFn: ({ signal }) => getMyCompany(signal) });

export function useMyCompany({ enabled = true }: { enabled?: boolean } = {}) {
  const { hasAccessToken } = useSession();
  return useQuery({ ...myCompanyQueryOptions(), enabled: hasAccessToken && enabled });
}
