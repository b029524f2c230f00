import { pageOf, purchaseSchema, type Purchase, type PurchaseFilter } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { orderKeys } from './order-keys';

const purchasePageSchema = pageOf(purchaseSchema);

export interface MyPurchasePage {
  items: Purchase[];
  total: number;
  page: number;
  limit: number;
}

/** Purchases a page of My Orders shows (the API's default; at most 100). */
export const MY_PURCHASES_PAGE = 50;

/**
 * The signed-in user's purchases, newest first, a page at a time, each with its lines (SPEC
 * orders) and what My Orders heads each group with: number, date, PO and total. Like SPEC's
 * GET /orders?email=, the email must be the caller's own (403 otherwise).
 */
export function getMyPurchases(
  email: string,
  page: number,
  filter: PurchaseFilter = {},
  signal?: AbortSignal,
): Promise<MyPurchasePage> {
  // The server filters (issue 28): a page and its total are those of the purchases asked for.
  const query = {
    email,
    page: String(page),
    limit: String(MY_PURCHASES_PAGE),
    ...(filter.status && { status: filter.status }),
    ...(filter.q && { q: filter.q }),
  };
  return call(routes.purchases.listOwn, { query }, { schema: purchasePageSchema, signal });
}

export const myPurchasesQueryOptions = (email: string, page: number, filter: PurchaseFilter = {}) =>
  queryOptions({
    queryKey: [...orderKeys.mine(email, page), filter.status ?? '', filter.q ?? ''] as const,
    queryFn: ({ signal }) => getMyPurchases(email, page, filter, signal),
    placeholderData: keepPreviousData,
  });

export function useMyPurchases(page: number, filter: PurchaseFilter = {}) {
  const { user, hasAccessToken } = useSession();
  const email = user?.email ?? '';
  return useQuery({ ...myPurchasesQueryOptions(email, page, filter), enabled: hasAccessToken });
}
