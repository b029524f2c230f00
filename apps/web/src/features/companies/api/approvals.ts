import { pageOf, purchaseSchema, type Purchase } from '@shop/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { companyKeys, purchaseKeys } from './company-keys';

const purchasePageSchema = pageOf(purchaseSchema);

export interface ApprovalPage {
  items: Purchase[];
  total: number;
  page: number;
  limit: number;
}

/** Purchases a page of Approvals shows (the API's default; at most 100). */
export const APPROVALS_PAGE = 50;

/**
 * GET /approvals: the purchases of the caller's company waiting for approval, oldest first, a
 * page at a time.
 */
export function getApprovals(page: number, signal?: AbortSignal): Promise<ApprovalPage> {
  return call(
    routes.companies.approvals,
    { query: { page: String(page), limit: String(APPROVALS_PAGE) } },
    { schema: purchasePageSchema, signal },
  );
}

export const approvalsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: purchaseKeys.approvals(page),
    queryFn: ({ signal }) => getApprovals(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useApprovals(page: number) {
  const { hasAccessToken } = useSession();
  return useQuery({ ...approvalsQueryOptions(page), enabled: hasAccessToken });
}

/** PUT /purchase/{id}/approve: its stock is taken and the buyer can pay it. */
export function approvePurchase(id: string): Promise<Purchase> {
  return call(routes.companies.approve, { params: { id } }, { schema: purchaseSchema });
}

export interface RejectVariables {
  id: string;
  /** Why, shown to the buyer and mailed; empty for none. */
  reason: string;
}

/** PUT /purchase/{id}/reject: the purchase is kept as rejected, and its buyer told why. */
export function rejectPurchase({ id, reason }: RejectVariables): Promise<Purchase> {
  const body = { reason: reason.trim() === '' ? null : reason };
  return call(routes.companies.reject, { params: { id }, body }, { schema: purchaseSchema });
}

/**
 * Approved or refused (a 409 says the stock is gone), the list changes: it and the purchases
 * (under 'orders') are read again, and the members' spend of the month with the company.
 */
function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
      queryClient.invalidateQueries({ queryKey: companyKeys.all }),
    ]);
}

export function useApprovePurchase() {
  const refresh = useRefreshAfterDecision();
  return useMutation({ mutationFn: approvePurchase, onSettled: refresh });
}

export function useRejectPurchase() {
  const refresh = useRefreshAfterDecision();
  return useMutation({ mutationFn: rejectPurchase, onSettled: refresh });
}
