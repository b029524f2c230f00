import { addDays, type StatsInterval } from '@shop/shared';

/**
 * Where each figure of the Overview leads: the list it summarises, filtered to it. Manage All
 * Orders reads the same parameters from its address (app/routes/manage-all-orders.tsx).
 */

interface OrdersFilter {
  q?: string;
  status?: 'unpaid' | 'paid' | 'shipped';
  paidFrom?: string;
  paidTo?: string;
}

/** /dashboard/manageallorders?q=&status=&paidFrom=&paidTo=, in the order that page writes them. */
export function ordersHref({ q, status, paidFrom, paidTo }: OrdersFilter): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (paidFrom) params.set('paidFrom', paidFrom);
  if (paidTo) params.set('paidTo', paidTo);
  const query = params.toString();
  return `/dashboard/manageallorders${query ? `?${query}` : ''}`;
}

/**
 * The days one bar stands for: the day itself, or the week from its Monday to its Sunday, cut to
 * the period shown (a week that began before `from` counts only from `from`).
 */
export function periodDays(
  period: string,
  interval: StatsInterval,
  range: { from: string; to: string },
): { paidFrom: string; paidTo: string } {
  if (interval === 'day') return { paidFrom: period, paidTo: period };
  const sunday = addDays(period, 6);
  return {
    paidFrom: period < range.from ? range.from : period,
    paidTo: sunday > range.to ? range.to : sunday,
  };
}

export const productEditHref = (productId: string) =>
  `/dashboard/manageproducts/${encodeURIComponent(productId)}/edit`;

/** New customers are the accounts Make Admin lists. */
export const customersHref = '/dashboard/makeadmin';

export const manageProductsHref = '/dashboard/manageproducts';
