import { companyAnswerSchema, type Company } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { companyKeys } from './company-keys';

/** GET /companies/{id}: a company with its members (its members and admins). */
export function getCompany(id: string, signal?: AbortSignal): Promise<Company> {
  return call(routes.companies.get, { params: { id } }, { schema: companyAnswerSchema, signal });
}

export const companyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: ({ signal }) => getCompany(id, signal),
  });

export function useCompany(id: string) {
  const { hasAccessToken } = useSession();
  return useQuery({ ...companyQueryOptions(id), enabled: hasAccessToken });
}
