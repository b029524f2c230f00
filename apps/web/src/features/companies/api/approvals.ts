import { purchaseSchema, type Purchase } from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { companyKeys, purchaseKeys } from './company-keys';

const purchaseListSchema = z.array(purchaseSchema);

/** GET /approvals: the purchases of the caller's company waiting for approval, oldest first. */
export function getApprovals(signal?: AbortSignal): Promise<Purchase[]> {
  return call(routes.companies.approvals, {}, { schema: purchaseListSchema, signal });
}

export const approvalsQueryOptions = () =>
  queryOptions({
    queryKey: purchaseKeys.approvals,
    queryFn: ({ signal }) => getApprovals(signal),
    staleTime: 0,
  });

export function useApprovals() {
  const { hasAccessToken } = useSession();
  return useQuery({ ...approvalsQueryOptions(), enabled: hasAccessToken });
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
