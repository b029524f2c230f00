import { purchaseSchema, type Purchase } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, download, routes } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { useSession } from '../../../lib/session';

/**
 * Purchase query keys start with 'orders': a payment, cancel or shipment invalidates the orders,
 * and the purchase they belong to with them.
 */
export const purchaseKeys = {
  detail: (id: string) => ['orders', 'purchase', id] as const,
};

export function getPurchase(id: string, signal?: AbortSignal): Promise<Purchase> {
  return call(routes.purchases.get, { params: { id } }, { schema: purchaseSchema, signal });
}

export const purchaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: purchaseKeys.detail(id),
    queryFn: ({ signal }) => getPurchase(id, signal),
    staleTime: 0,
  });

export function usePurchase(id: string) {
  const { hasAccessToken } = useSession();
  return useQuery({ ...purchaseQueryOptions(id), enabled: hasAccessToken });
}

/** Saves the invoice PDF as the browser saves a download: INV-2026-00042.pdf. */
export async function downloadInvoice(purchase: Purchase): Promise<void> {
  const blob = await download(routes.purchases.invoice, { params: { id: purchase._id } });
  saveFile(blob, `${purchase.invoiceNumber ?? purchase.number}.pdf`);
}
