import { purchaseMessages } from '@shop/shared';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import type { CreditNoteData } from '../../invoices/credit-note-pdf.js';
import type { InvoiceSettings } from '../../modules/orders/purchase-invoice.js';
import { purchaseLines, type PurchaseRow } from '../../modules/orders/purchase-store.js';
import type { CreditNoteRow } from './issue.js';

const REFUND_TEXT: Record<string, string | null> = {
  refunded: 'The total credited was refunded to the card that paid the invoice.',
  pending: 'The total credited is being refunded to the card that paid the invoice.',
  failed: 'The total credited is being refunded to the card that paid the invoice.',
  none: null,
};

/** What the credit note says, from the stored note and its purchase only. */
export async function creditNoteData(
  db: Db,
  settings: InvoiceSettings,
  note: CreditNoteRow,
  purchase: PurchaseRow,
): Promise<CreditNoteData> {
  if (!purchase.invoiceNumber) throw new HttpError(409, purchaseMessages.notPaid);
  const lines = await purchaseLines(db, [purchase.id]);
  const credited = new Set(note.lines.map((line) => line.orderId));
  const treatment = purchase.taxTreatment;
  return {
    number: note.number,
    issuedAt: note.createdAt,
    invoiceNumber: purchase.invoiceNumber,
    invoicedAt: purchase.invoicedAt,
    purchaseNumber: purchase.number,
    poNumber: purchase.poNumber,
    seller: {
      name: settings.sellerName,
      address: settings.sellerAddress,
      // The tax id it was sold under, as on the invoice.
      taxId: purchase.sellerTaxId ?? settings.sellerTaxId,
    },
    buyer: {
      name: purchase.company ?? purchase.name,
      company: purchase.company,
      contactName: purchase.name,
      address: purchase.billingAddress ?? purchase.address,
      taxId: purchase.taxId,
      email: purchase.email,
    },
    lines: note.lines.map((line) => ({
      description: line.productName,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      net: line.net,
    })),
    subtotal: note.subtotal,
    shipping: note.shipping,
    tax: note.tax,
    total: note.total,
    taxName: treatment?.name ?? null,
    taxNote: treatment?.note ?? (treatment?.reverseCharge ? 'Reverse charge' : null),
    reason: note.reason,
    refundText: REFUND_TEXT[note.refundStatus ?? 'none'] ?? null,
    testPayment: lines.some((line) => credited.has(line.id) && line.testPayment),
  };
}

/** The PDF and the name it is saved under. */
export async function creditNotePdf(
  db: Db,
  settings: InvoiceSettings,
  note: CreditNoteRow,
  purchase: PurchaseRow,
): Promise<{ fileName: string; pdf: Buffer }> {
  const data = await creditNoteData(db, settings, note, purchase);
  // Loaded with the first document, not at start (pdfkit and its fonts' metrics).
  const { renderCreditNotePdf } = await import('../../invoices/credit-note-pdf.js');
  return { fileName: `${note.number}.pdf`, pdf: await renderCreditNotePdf(data) };
}
