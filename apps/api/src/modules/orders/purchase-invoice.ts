import { addressLines, paymentTermsLabels, purchaseMessages } from '@shop/shared';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import type { InvoiceData } from '../../invoices/invoice-pdf.js';
import { purchaseLines, type PurchaseRow } from './purchase-store.js';
import type { OrderRow } from './store.js';
import type { SignedInUser } from '../../kernel/people.js';
import { purchaseFor } from './purchase-reading.js';
import { documentTotals } from './purchase-totals.js';

/** The seller printed on every invoice: SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID. */
export interface InvoiceSettings {
  sellerName: string;
  sellerAddress: string;
  sellerTaxId: string | null;
}

/** A card purchase's terms as the invoice words them: it is paid when invoiced. */
export const CARD_TERMS = 'Paid by card';

/** Where a purchase ships, on several lines: its structured ship-to, else SPEC's one line. */
export const shipToText = (purchase: PurchaseRow) =>
  purchase.shipTo ? addressLines(purchase.shipTo).join('\n') : purchase.address;

/** What the invoice of a paid purchase says, from the stored purchase and its lines only. */
export function invoiceData(
  settings: InvoiceSettings,
  purchase: PurchaseRow,
  lines: OrderRow[],
): InvoiceData {
  if (!purchase.invoiceNumber || !purchase.invoicedAt) {
    throw new HttpError(409, purchaseMessages.notPaid);
  }
  const paidAt = lines.reduce<Date>(
    (last, line) => (line.paidAt && line.paidAt > last ? line.paidAt : last),
    purchase.invoicedAt,
  );
  return {
    invoiceNumber: purchase.invoiceNumber,
    issuedAt: purchase.invoicedAt,
    purchaseNumber: purchase.number,
    orderedAt: purchase.createdAt,
    poNumber: purchase.poNumber,
    quoteNumber: purchase.quoteNumber,
    seller: {
      name: settings.sellerName,
      address: settings.sellerAddress,
      // The id it was sold under; a purchase placed before issue 29 has none stored.
      taxId: purchase.sellerTaxId ?? settings.sellerTaxId,
    },
    buyer: {
      name: purchase.company ?? purchase.name,
      company: purchase.company,
      contactName: purchase.name,
      // A company member's purchase is billed to the company's billing address.
      address: purchase.billingAddress ?? purchase.address,
      taxId: purchase.taxId,
      email: purchase.email,
      shipTo: shipToText(purchase),
    },
    lines: lines.map((line) => ({
      description: line.productName,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      total: line.price,
    })),
    ...documentTotals(purchase, lines),
    reverseCharge: purchase.taxTreatment?.reverseCharge ?? false,
    ...(purchase.paymentTerms === 'card' || !purchase.dueDate
      ? // A card purchase is due when invoiced: it is invoiced once paid (purchase-serialize.ts).
        { terms: CARD_TERMS, dueDate: purchase.invoicedAt, paidAt, amountDue: 0 }
      : {
          terms: paymentTermsLabels[purchase.paymentTerms],
          dueDate: new Date(`${purchase.dueDate}T00:00:00Z`),
          // On account: the invoice says what is left due and how to pay it, or that none is.
          paidAt: null,
          amountDue: purchase.amountDue,
        }),
    paymentReference:
      [...new Set(lines.map((line) => line.transactionId).filter(Boolean))].join(', ') || null,
    testPayment: lines.some((line) => line.testPayment),
  };
}

/** The invoice PDF of a paid purchase and the file name it is saved under. */
export async function purchaseInvoicePdf(
  db: Db,
  settings: InvoiceSettings,
  purchase: PurchaseRow,
): Promise<{ fileName: string; pdf: Buffer; invoiceNumber: string }> {
  if (!purchase.invoiceNumber) throw new HttpError(409, purchaseMessages.notPaid);
  const lines = await purchaseLines(db, [purchase.id]);
  // Loaded with the first invoice, not at start (pdfkit and its fonts' metrics).
  const { renderInvoicePdf } = await import('../../invoices/invoice-pdf.js');
  const pdf = await renderInvoicePdf(invoiceData(settings, purchase, lines));
  return { fileName: `${purchase.invoiceNumber}.pdf`, pdf, invoiceNumber: purchase.invoiceNumber };
}

/** GET /purchase/{id}/invoice.pdf: the owner or an admin, once the purchase is paid (409 before). */
export async function invoicePdf(
  db: Db,
  settings: InvoiceSettings,
  user: SignedInUser,
  id: string,
) {
  const purchase = await purchaseFor(db, user, id, { allowAdmin: true });
  return purchaseInvoicePdf(db, settings, purchase);
}
