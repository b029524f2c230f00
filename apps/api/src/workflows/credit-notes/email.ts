import type { Db } from '../../db/client.js';
import type { EmailKind } from '../../mail/jobs.js';
import type { MailMessage } from '../../mail/message.js';
import type { PurchaseEmailSettings } from '../../modules/orders/purchase-emails.js';
import { documentTotals } from '../../modules/orders/purchase-totals.js';
import { findCreditNote } from './issue.js';
import { creditNotePdf } from './document.js';

export const CREDIT_NOTE_EMAIL_KINDS: ReadonlySet<EmailKind> = new Set(['credit-note']);

/** The mail worker's `compose` for the credit note email: built when sent, from what is stored. */
export function composeCreditNoteEmail(db: Db, settings: PurchaseEmailSettings) {
  return async (job: {
    kind: EmailKind;
    to: string;
    payload: Record<string, unknown>;
  }): Promise<MailMessage | null> => {
    const id = typeof job.payload.creditNoteId === 'string' ? job.payload.creditNoteId : null;
    if (job.kind !== 'credit-note' || !id) return null;
    const { note, purchase } = await findCreditNote(db, id);
    if (!purchase.invoiceNumber) return null;
    const { pdf } = await creditNotePdf(db, settings.invoices, note, purchase);
    const { creditNoteEmail } = await import('../../mail/credit-note-email.js');
    return creditNoteEmail({
      shopName: settings.shopName,
      to: job.to,
      customerName: purchase.name,
      purchaseNumber: purchase.number,
      poNumber: purchase.poNumber,
      company: purchase.company,
      lines: note.lines.map((line) => ({
        productName: line.productName,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        total: line.net,
      })),
      total: note.total,
      // What is credited, in the purchase's own terms: its shipping method and tax line.
      totals: documentTotals(
        purchase,
        note.lines.map((line) => ({
          price: line.net,
          shippingCharge: line.shipping,
          tax: line.tax,
        })),
      ),
      purchaseUrl: new URL(`/dashboard/purchases/${purchase.id}`, settings.publicUrl).toString(),
      creditNoteNumber: note.number,
      invoiceNumber: purchase.invoiceNumber,
      reason: note.reason,
      credited: note.total,
      byCard: note.refundStatus !== 'none',
      pdf,
    });
  };
}
