import { formatCents } from '@shop/shared';
import {
  documentDay,
  documentHeader,
  linesTable,
  notesBlock,
  pageFooters,
  pdfDocument,
  roomFor,
  taxNoteRows,
  TEST_PAYMENT_NOTE,
  totalsBlock,
  totalsHeight,
  warningRow,
  type Doc,
  type DocumentTotals,
  type InvoiceBuyer,
  type InvoiceLine,
  type InvoiceParty,
  type TextRow,
} from './document-pdf.js';

export interface InvoiceData extends DocumentTotals {
  invoiceNumber: string;
  issuedAt: Date;
  purchaseNumber: string;
  orderedAt: Date;
  poNumber: string | null;
  /** The quote it was accepted from (issue 31), or null. */
  quoteNumber: string | null;
  /** From the SELLER_NAME and SELLER_ADDRESS settings; the tax id the purchase was sold under. */
  seller: InvoiceParty;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  /** Words the tax treatment requires (REVERSE_CHARGE_NOTE), or null. */
  taxNote: string | null;
  /** Reverse charge applies: the note is printed with both parties' VAT ids. */
  reverseCharge: boolean;
  /** "Paid by card", or the net terms of an invoice on account ("Net 30"). */
  terms: string;
  dueDate: Date;
  /** When a card paid it; null for an invoice on account. */
  paidAt: Date | null;
  /** Cents left to pay of an invoice on account (0 once paid, and for a card's). */
  amountDue: number;
  /** The payment gateway's transaction id. */
  paymentReference: string | null;
  /** Paid through the gateway's test mode: the invoice says so, so nobody books it as income. */
  testPayment: boolean;
}

function payment(doc: Doc, data: InvoiceData, top: number) {
  if (data.amountDue > 0) {
    return notesBlock(
      doc,
      [
        { text: 'Payment due', bold: true, size: 12 },
        { text: `Amount due: ${formatCents(data.amountDue)} by ${documentDay(data.dueDate)}` },
        {
          text: `Please pay by bank transfer quoting ${data.invoiceNumber}, or by card from your company's account page.`,
        },
      ],
      top,
    );
  }
  const paid: TextRow[] = [
    { text: 'Paid', bold: true, size: 12 },
    { text: data.paidAt ? `Paid on ${documentDay(data.paidAt)}` : 'Paid in full' },
  ];
  if (data.paymentReference) paid.push({ text: `Payment reference: ${data.paymentReference}` });
  if (data.testPayment) paid.push(warningRow(TEST_PAYMENT_NOTE));
  return notesBlock(doc, paid, top);
}

/** Room the payment block needs, so it never starts at the foot of a page. */
const PAYMENT_HEIGHT = 80;
/**
 * The invoice of a paid purchase as a PDF: seller, title, dates and terms, buyer, ship-to and
 * references, the lines (over as many pages as they need, the table header on each), subtotal,
 * shipping, tax lines and total, the tax treatment's note, and the payment. Uses the PDF
 * standard Helvetica fonts, so it needs no font files; they cover Latin text only.
 */
export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const { doc, done } = pdfDocument({
    title: `Invoice ${data.invoiceNumber}`,
    author: data.seller.name,
    createdAt: data.issuedAt,
  });
  const references = [`Purchase number: ${data.purchaseNumber}`];
  if (data.poNumber) references.push(`PO number: ${data.poNumber}`);
  if (data.quoteNumber) references.push(`Quote number: ${data.quoteNumber}`);
  const top = documentHeader(doc, {
    title: 'INVOICE',
    number: `Invoice number: ${data.invoiceNumber}`,
    facts: [
      `Invoice date: ${documentDay(data.issuedAt)}`,
      `Order date: ${documentDay(data.orderedAt)}`,
      `Terms: ${data.terms}`,
      `Due date: ${documentDay(data.dueDate)}`,
    ],
    warning: data.testPayment ? TEST_PAYMENT_NOTE : null,
    seller: data.seller,
    buyer: data.buyer,
    references,
  });
  let y = linesTable(doc, data.lines, top);
  y = totalsBlock(doc, data, roomFor(doc, y + 8, totalsHeight(data))) + 16;
  const notes = taxNoteRows(data.taxNote, data.reverseCharge, data.seller.taxId, data.buyer.taxId);
  y = notesBlock(doc, notes, roomFor(doc, y, notes.length * 14)) + (notes.length ? 16 : 0);
  payment(doc, data, roomFor(doc, y, PAYMENT_HEIGHT));
  pageFooters(doc, data.invoiceNumber);
  doc.end();
  return done;
}
