import {
  creditNoteListSchema,
  creditNoteSchema,
  type CreditNote,
  type CreditNoteBody,
} from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, download, routes } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { useSession } from '../../../lib/session';
import { orderKeys } from './order-keys';

/** Under 'orders': a payment or shipment refreshes them with the purchase (docs/decisions/039). */
export const creditNoteKeys = {
  ofPurchase: (purchaseId: string) => ['orders', 'credit-notes', purchaseId] as const,
};

/** GET /purchase/{id}/credit-notes, once the purchase is invoiced (before, it has none). */
export function useCreditNotes(purchaseId: string, invoiced: boolean) {
  const { hasAccessToken } = useSession();
  return useQuery({
    queryKey: creditNoteKeys.ofPurchase(purchaseId),
    queryFn: ({ signal }) =>
      call(
        routes.creditNotes.list,
        { params: { id: purchaseId } },
        { schema: creditNoteListSchema, signal },
      ),
    enabled: hasAccessToken && invoiced,
  });
}

/** The admin issues a credit note; the purchase and its notes are read again. */
export function useIssueCreditNote(purchaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditNoteBody) =>
      call(
        routes.creditNotes.create,
        { params: { id: purchaseId }, body },
        { schema: creditNoteSchema },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The admin asks the gateway again for a refund that failed. */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(routes.creditNotes.retryRefund, { params: { id } }, { schema: creditNoteSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Saves the credit note PDF as CN-2026-00001.pdf. */
export async function downloadCreditNote(note: CreditNote): Promise<void> {
  const blob = await download(routes.creditNotes.pdf, { params: { id: note._id } });
  saveFile(blob, `${note.number}.pdf`);
}
