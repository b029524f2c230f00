import { ADMIN_ORDER_STATUSES, isCalendarDate } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { productKeys } from '../../lib/product-keys';
import {
  AllOrdersTable,
  type AllOrdersView,
} from '../../features/orders/components/all-orders-table';

/** A paid-date bound of the address: a calendar date, or left out. */
function dateOf(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value !== null && isCalendarDate(value) ? value : null;
}

/**
 * ?q=&status=&paidFrom=&paidTo=&page= as the page reads them; anything else in their place
 * counts as left out.
 */
function viewOf(params: URLSearchParams): AllOrdersView {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim() ?? '',
    status: ADMIN_ORDER_STATUSES.find((known) => known === status) ?? null,
    paidFrom: dateOf(params, 'paidFrom'),
    paidTo: dateOf(params, 'paidTo'),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** Only what differs from the default goes in the address: /dashboard/manageallorders?q=acme. */
function paramsOf({ q, status, paidFrom, paidTo, page }: AllOrdersView): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (paidFrom) params.set('paidFrom', paidFrom);
  if (paidTo) params.set('paidTo', paidTo);
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * The search, status, paid dates (the Overview links here with them) and page live in the URL,
 * so a reload, Back and a shared link show the same orders. The orders feature deletes; the catalogue's products then show the stock that came back.
 */
export default function ManageAllOrdersRoute() {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const refreshProducts = () => void queryClient.invalidateQueries({ queryKey: productKeys.all });
  return (
    <AllOrdersTable
      view={viewOf(searchParams)}
      onViewChange={(view, options) => setSearchParams(paramsOf(view), options)}
      onStockReleased={refreshProducts}
    />
  );
}
