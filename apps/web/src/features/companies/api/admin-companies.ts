import { companyPageSchema, type CompanyPage } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { companyKeys } from './company-keys';

/** The admin's list of companies: a search and a page (the route keeps them in the URL). */
export interface CompanyListView {
  q: string;
  page: number;
}

export const ADMIN_COMPANIES_PAGE = 20;

/** GET /admin/companies: every company by name, with its member and contract price counts. */
export function listCompanies({ q, page }: CompanyListView, signal?: AbortSignal) {
  return call(
    routes.companies.list,
    {
      query: {
        ...(q ? { q } : {}),
        page: String(page),
        limit: String(ADMIN_COMPANIES_PAGE),
      },
    },
    { schema: companyPageSchema, signal },
  );
}

export function useAdminCompanies(view: CompanyListView) {
  return useQuery({
    queryKey: companyKeys.list(view.q, view.page),
    queryFn: ({ signal }): Promise<CompanyPage> => listCompanies(view, signal),
    placeholderData: keepPreviousData,
  });
}
