import { purchaseSchema, type Purchase } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { orderKeys } from './order-keys';

const purchaseListSchema = z.array(purchaseSchema);

/**
 * The signed-in user's purchases, newest first, each with its lines (SPEC orders) and what My
 * Orders heads each group with: number, date, PO and total. Like SPEC's GET /orders?email=, the
 * email must be the caller's own (403 otherwise).
 */
export function getMyPurchases(email: string, signal?: AbortSignal): Promise<Purchase[]> {
  return call(
    routes.purchases.listOwn,
    { query: { email } },
    { schema: purchaseListSchema, signal },
  );
}

export const myPurchasesQueryOptions = (email: string) =>
  queryOptions({
    queryKey: orderKeys.mine(email),
    queryFn: ({ signal }) => getMyPurchases(email, signal),
  });

export function useMyPurchases() {
  const { user, hasAccessToken } = useSession();
  const email = user?.email ?? '';
  return useQuery({ ...myPurchasesQueryOptions(email), enabled: hasAccessToken });
}
