import { formatCents } from '@shop/shared';
import PDFDocument from 'pdfkit';
import { TEST_PAYMENT_NOTE, type InvoiceParty } from './invoice-pdf.js';

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

const money = { format: formatCents };
const count = new Intl.NumberFormat('en-US');
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const GREY = '#555555';
const RULE = '#bbbbbb';
const WARNING = '#b00020';
const MARGIN = 50;
const LEFT = MARGIN;
const RIGHT = 612 - MARGIN;
const HALF = (RIGHT - LEFT) / 2;
const COLUMNS = {
  description: { x: LEFT, width: 262 },
  quantity: { x: LEFT + 272, width: 60 },
  unitPrice: { x: LEFT + 342, width: 80 },
  total: { x: LEFT + 432, width: RIGHT - (LEFT + 432) },
} as const;
const ROW_PADDING = 6;

type Doc = PDFKit.PDFDocument;
interface TextRow {
  text: string;
  bold?: boolean;
  size?: number;
  color?: string;
}

/** As the invoice: the standard fonts draw WinAnsi only; anything else is a question mark. */
const printable = (text: string) =>
  text
    .normalize('NFC')
    .replace(/(?!\n)[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[^\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu, '?');

const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

function block(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  rows: TextRow[],
  align: 'left' | 'right' = 'left',
) {
  doc.y = y;
  for (const row of rows) {
    doc
      .font(row.bold ? BOLD : REGULAR)
      .fontSize(row.size ?? 10)
      .fillColor(row.color ?? 'black')
      .text(printable(row.text), x, undefined, { width, align });
  }
  doc.fillColor('black');
  return doc.y;
}

const rule = (doc: Doc, y: number, color = RULE) =>
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(color).stroke();
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

function header(doc: Doc, data: CreditNoteData): number {
  const { seller, buyer } = data;
  const sellerBottom = block(doc, LEFT, MARGIN, HALF - 10, [
    { text: seller.name, bold: true, size: 14 },
    { text: tidy(seller.address) },
    ...(seller.taxId ? [{ text: `Tax ID: ${seller.taxId}` }] : []),
  ]);
  const title: TextRow[] = [
    { text: 'CREDIT NOTE', bold: true, size: 24 },
    { text: `Credit note ${data.number}`, bold: true },
    { text: `for invoice ${data.invoiceNumber}` },
    { text: `Date: ${day.format(data.issuedAt)}` },
  ];
  if (data.invoicedAt) title.push({ text: `Invoice date: ${day.format(data.invoicedAt)}` });
  if (data.testPayment) title.push({ text: TEST_PAYMENT_NOTE, bold: true, color: WARNING });
  const titleBottom = block(doc, LEFT + HALF, MARGIN, HALF, title, 'right');

  const top = Math.max(sellerBottom, titleBottom) + 28;
  const billTo: TextRow[] = [{ text: 'Credited to', bold: true, size: 9, color: GREY }];
  if (buyer.company) billTo.push({ text: buyer.company, bold: true });
  billTo.push({ text: buyer.contactName }, { text: tidy(buyer.address) });
  if (buyer.taxId) billTo.push({ text: `Tax ID: ${buyer.taxId}` });
  billTo.push({ text: buyer.email });
  const buyerBottom = block(doc, LEFT, top, HALF - 10, billTo);
  const references: TextRow[] = [
    { text: 'Order', bold: true, size: 9, color: GREY },
    { text: `Purchase number: ${data.purchaseNumber}` },
  ];
  if (data.poNumber) references.push({ text: `PO number: ${data.poNumber}` });
  const referencesBottom = block(doc, LEFT + HALF, top, HALF, references);
  return Math.max(buyerBottom, referencesBottom) + 24;
}

function tableHeader(doc: Doc, y: number): number {
  doc.font(BOLD).fontSize(9).fillColor(GREY);
  doc.text('Description', COLUMNS.description.x, y, { width: COLUMNS.description.width });
  doc.text('Quantity', COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
  doc.text('Unit price', COLUMNS.unitPrice.x, y, {
    width: COLUMNS.unitPrice.width,
    align: 'right',
  });
  doc.text('Credited', COLUMNS.total.x, y, { width: COLUMNS.total.width, align: 'right' });
  doc.fillColor('black');
  const below = doc.y + 4;
  rule(doc, below, GREY);
  return below + ROW_PADDING;
}

function row(doc: Doc, line: CreditNoteLine, y: number): number {
  const { description, quantity, unitPrice, total } = COLUMNS;
  const text = printable(line.description);
  doc.font(REGULAR).fontSize(10);
  const height = doc.heightOfString(text, { width: description.width }) + ROW_PADDING;
  doc.text(text, description.x, y, { width: description.width });
  const right = { align: 'right' } as const;
  doc.text(count.format(line.quantity), quantity.x, y, { ...right, width: quantity.width });
  doc.text(money.format(line.unitPrice), unitPrice.x, y, { ...right, width: unitPrice.width });
  doc.text(money.format(line.net), total.x, y, { ...right, width: total.width });
  rule(doc, y + height - ROW_PADDING / 2);
  return height;
}

function totals(doc: Doc, data: CreditNoteData, top: number) {
  const labelX = COLUMNS.unitPrice.x - 100;
  const labelWidth = COLUMNS.unitPrice.width + 100;
  const rows: [string, number, boolean][] = [
    ['Subtotal', data.subtotal, false],
    ['Shipping', data.shipping, false],
    [data.taxName ? `Tax (${data.taxName})` : 'Tax', data.tax, false],
    ['Total credited', data.total, true],
  ];
  let y = top;
  for (const [label, amount, strong] of rows) {
    doc.font(strong ? BOLD : REGULAR).fontSize(strong ? 12 : 10);
    doc.text(printable(label), labelX, y, { width: labelWidth, align: 'right' });
    doc.text(money.format(amount), COLUMNS.total.x, y, {
      width: COLUMNS.total.width,
      align: 'right',
    });
    y = doc.y + 4;
  }
  const closing: TextRow[] = [
    { text: 'Reason', bold: true, size: 9, color: GREY },
    { text: data.reason },
  ];
  if (data.taxNote) closing.push({ text: data.taxNote, bold: true });
  if (data.refundText) closing.push({ text: data.refundText });
  if (data.testPayment) closing.push({ text: TEST_PAYMENT_NOTE, bold: true, color: WARNING });
  block(doc, LEFT, y + 20, RIGHT - LEFT, closing);
}

/** Room the totals and the closing words need, so they never start at the foot of a page. */
const CLOSING_HEIGHT = 190;

function footers(doc: Doc, number: string) {
  const { start, count: pages } = doc.bufferedPageRange();
  for (let index = 0; index < pages; index++) {
    doc.switchToPage(start + index);
    const y = doc.page.height - MARGIN + 16;
    const options = { width: HALF, height: 20, lineBreak: false } as const;
    doc.font(REGULAR).fontSize(8).fillColor(GREY);
    doc.text(number, LEFT, y, options);
    doc.text(`Page ${index + 1} of ${pages}`, LEFT + HALF, y, { ...options, align: 'right' });
  }
}

/** The credit note as a PDF, over as many pages as its lines need. */
export function renderCreditNotePdf(data: CreditNoteData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + 20 },
    bufferPages: true,
    displayTitle: true,
    lang: 'en-US',
    info: {
      Title: `Credit note ${data.number}`,
      Author: data.seller.name,
      CreationDate: data.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let y = tableHeader(doc, header(doc, data));
  for (const line of data.lines) {
    doc.font(REGULAR).fontSize(10);
    const height =
      doc.heightOfString(printable(line.description), { width: COLUMNS.description.width }) +
      ROW_PADDING;
    if (y + height > bottom(doc)) {
      doc.addPage();
      y = tableHeader(doc, doc.page.margins.top);
    }
    y += row(doc, line, y);
  }
  if (y + CLOSING_HEIGHT > bottom(doc)) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  totals(doc, data, y + 8);
  footers(doc, data.number);
  doc.end();
  return done;
}
