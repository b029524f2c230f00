import {
  amountRow,
  COLUMNS,
  documentDay,
  documentHeader,
  linesTable,
  notesBlock,
  pageFooters,
  pdfDocument,
  roomFor,
  sectionLabel,
  TEST_PAYMENT_NOTE,
  warningRow,
  type Doc,
  type InvoiceParty,
  type TextRow,
} from './document-pdf.js';

/*
 * The credit note PDF (issue 29 item 5, docs/decisions/039): the invoice's layout (US Letter,
 * Helvetica, seller and title side by side, bill-to and references, a table, the totals), with
 * "Credit note CN-..." for invoice INV-..., the credited lines, subtotal, shipping, tax and the
 * total credited, the reason, both tax ids and the reverse-charge words when the sale had them.
 */

/** Amounts are integer cents of US dollars (docs/decisions/027). */
export interface CreditNoteLine {
  description: string;
  quantity: number;
  unitPrice: number;
  /** Quantity times unit price. */
  net: number;
}

export interface CreditNoteData {
  number: string;
  issuedAt: Date;
  invoiceNumber: string;
  invoicedAt: Date | null;
  purchaseNumber: string;
  poNumber: string | null;
  seller: InvoiceParty;
  buyer: InvoiceParty & { company: string | null; email: string; contactName: string };
  lines: CreditNoteLine[];
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  /** "VAT DE 19 %", or null when the sale carried no tax line. */
  taxName: string | null;
  /** The reverse-charge (or other) words the purchase's invoice carried. */
  taxNote: string | null;
  reason: string;
  /** What happens to the money: "Refunded to the card ...", or null. */
  refundText: string | null;
  testPayment: boolean;
}

/** The totals' labels end where the unit prices end, a column narrower than the invoice's. */
const TOTALS_LABEL = { x: COLUMNS.unitPrice.x - 100, width: COLUMNS.unitPrice.width + 100 };

function totals(doc: Doc, data: CreditNoteData, top: number) {
  const rows: [string, number, boolean][] = [
    ['Subtotal', data.subtotal, false],
    ['Shipping', data.shipping, false],
    [data.taxName ? `Tax (${data.taxName})` : 'Tax', data.tax, false],
    ['Total credited', data.total, true],
  ];
  let y = top;
  for (const [label, amount, strong] of rows) {
    amountRow(doc, label, amount, y, TOTALS_LABEL, strong);
    y = doc.y + 4;
  }
  const closing: TextRow[] = [sectionLabel('Reason'), { text: data.reason }];
  if (data.taxNote) closing.push({ text: data.taxNote, bold: true });
  if (data.refundText) closing.push({ text: data.refundText });
  if (data.testPayment) closing.push(warningRow(TEST_PAYMENT_NOTE));
  notesBlock(doc, closing, y + 20);
}

/** Room the totals and the closing words need, so they never start at the foot of a page. */
const CLOSING_HEIGHT = 190;

/** The credit note as a PDF, over as many pages as its lines need. */
export function renderCreditNotePdf(data: CreditNoteData): Promise<Buffer> {
  const { doc, done } = pdfDocument({
    title: `Credit note ${data.number}`,
    author: data.seller.name,
    createdAt: data.issuedAt,
  });
  const facts = [`for invoice ${data.invoiceNumber}`, `Date: ${documentDay(data.issuedAt)}`];
  if (data.invoicedAt) facts.push(`Invoice date: ${documentDay(data.invoicedAt)}`);
  const references = [`Purchase number: ${data.purchaseNumber}`];
  if (data.poNumber) references.push(`PO number: ${data.poNumber}`);
  const top = documentHeader(doc, {
    title: 'CREDIT NOTE',
    number: `Credit note ${data.number}`,
    facts,
    warning: data.testPayment ? TEST_PAYMENT_NOTE : null,
    seller: data.seller,
    buyer: data.buyer,
    buyerLabel: 'Credited to',
    references,
  });
  // These four only: a credit note's table shows no SKU.
  const lines = data.lines.map(({ description, quantity, unitPrice, net }) => ({
    description,
    quantity,
    unitPrice,
    total: net,
  }));
  const y = linesTable(doc, lines, top, 'Credited');
  totals(doc, data, roomFor(doc, y, CLOSING_HEIGHT) + 8);
  pageFooters(doc, data.number);
  doc.end();
  return done;
}
