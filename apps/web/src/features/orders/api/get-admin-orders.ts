import { adminOrderPageSchema, type AdminOrderPage, type AdminOrderQuery } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, download, routes } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { useSession } from '../../../lib/session';
import { orderKeys } from './order-keys';

/** Manage All Orders' filter as the page holds it (and its address bar shows it). */
export interface AdminOrderFilter {
  q: string;
  status: NonNullable<AdminOrderQuery['status']> | null;
  /** Paid on or after / on or before these days of the shop (YYYY-MM-DD): the Overview's links. */
  paidFrom: string | null;
  paidTo: string | null;
}

/** What the API is asked: an empty search, "All" or no paid date is left out of the query. */
const filterQuery = ({ q, status, paidFrom, paidTo }: AdminOrderFilter) => ({
  ...(q ? { q } : {}),
  ...(status ? { status } : {}),
  ...(paidFrom ? { paidFrom } : {}),
  ...(paidTo ? { paidTo } : {}),
});

/** One page of every customer's orders, searched and filtered, newest first. */
export function getAdminOrders(query: AdminOrderQuery, signal?: AbortSignal) {
  return call(routes.orders.adminList, { query }, { schema: adminOrderPageSchema, signal });
}

export function useAdminOrders(filter: AdminOrderFilter, page: number, limit: number) {
  const { hasAccessToken } = useSession();
  const query: AdminOrderQuery = {
    ...filterQuery(filter),
    page: String(page),
    limit: String(limit),
  };
  return useQuery({
    queryKey: orderKeys.admin(query),
    queryFn: ({ signal }): Promise<AdminOrderPage> => getAdminOrders(query, signal),
    // The page being read stays on screen, marked busy, while the next one loads.
    placeholderData: keepPreviousData,
    enabled: hasAccessToken,
  });
}

/** The date a CSV is named after: orders-2026-11-24.csv. */
const today = () => new Date().toISOString().slice(0, 10);

/** Saves the orders of the filter (every page of it) as the API's CSV export. */
export async function downloadAdminOrdersCsv(filter: AdminOrderFilter): Promise<void> {
  const blob = await download(routes.orders.adminCsv, { query: filterQuery(filter) });
  saveFile(blob, `orders-${today()}.csv`);
}
