import { pageOf, purchaseSchema, type Purchase } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { purchaseKeys } from './company-keys';

const purchasePageSchema = pageOf(purchaseSchema);

export interface PurchasePage {
  items: Purchase[];
  total: number;
  page: number;
  limit: number;
}

export const COMPANY_PURCHASES_PAGE = 20;

/**
 * GET /companies/{id}/purchases: newest first; owners and approvers read everyone's, a buyer
 * their own.
 */
export function getCompanyPurchases(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<PurchasePage> {
  return call(
    routes.companies.purchases,
    { params: { id }, query: { page: String(page), limit: String(COMPANY_PURCHASES_PAGE) } },
    { schema: purchasePageSchema, signal },
  );
}

export const companyPurchasesQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: purchaseKeys.company(id, page),
    queryFn: ({ signal }) => getCompanyPurchases(id, page, signal),
    placeholderData: keepPreviousData,
  });

export function useCompanyPurchases(id: string, page: number) {
  const { hasAccessToken } = useSession();
  return useQuery({ ...companyPurchasesQueryOptions(id, page), enabled: hasAccessToken });
}
