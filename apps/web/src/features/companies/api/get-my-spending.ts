import type { Spending } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Spending as MonthlyLimit } from '../../../components/approval-notice';
import type { AccountTerms } from '../../../components/payment-method-choice';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { companyKeys } from './company-keys';

/**
 * GET /company/spending: the caller's monthly limit in their company and the month's spend. Read
 * by the Buy Now page's first load, so its answer is trusted as it comes, without zod
 * (docs/decisions/008).
 */
export function getMySpending(signal?: AbortSignal): Promise<Spending> {
  return call(routes.companies.spending, {}, { signal });
}

export const mySpendingQueryOptions = () =>
  queryOptions({
    queryKey: [...companyKeys.all, 'spending'] as const,
    queryFn: ({ signal }) => getMySpending(signal),
  });

export function useMySpending({ enabled = true }: { enabled?: boolean } = {}) {
  const { hasAccessToken } = useSession();
  return useQuery({ ...mySpendingQueryOptions(), enabled: hasAccessToken && enabled });
}

/**
 * The signed-in member's monthly limit and spend (null without a limit): the Buy Now page and
 * the cart say before the purchase when it will wait for approval, as the server decides.
 */
export function useMonthlyLimit(): MonthlyLimit | null {
  const { data } = useMySpending();
  if (!data || data.spendingLimit == null) return null;
  return { limit: data.spendingLimit, spent: data.spentThisMonth };
}

/**
 * The signed-in member's company's net terms (issue 30), or null when it pays by card or they
 * belong to none: the cart and Buy Now offer "On account" by it.
 */
export function useAccountTerms(): AccountTerms | null {
  const { data } = useMySpending();
  if (!data?.paymentTerms || data.paymentTerms === 'card') return null;
  return { terms: data.paymentTerms, onHold: data.onHold, holdReason: data.holdReason };
}
