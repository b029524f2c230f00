import { formatCents } from '@shop/shared';
import PDFDocument from 'pdfkit';

export interface InvoiceParty {
  name: string;
  /** May span several lines. */
  address: string;
  taxId: string | null;
}

/** Amounts are integer cents of US dollars (docs/decisions/027). */
export interface InvoiceLine {
  description: string;
  sku?: string | null;
  quantity: number;
  unitPrice: number;
  total: number;
}

export interface InvoiceData {
  invoiceNumber: string;
  issuedAt: Date;
  purchaseNumber: string;
  orderedAt: Date;
  poNumber: string | null;
  /** From the SELLER_NAME, SELLER_ADDRESS and SELLER_TAX_ID settings. */
  seller: InvoiceParty;
  buyer: InvoiceParty & { company: string | null; email: string; contactName: string };
  lines: InvoiceLine[];
  total: number;
  paidAt: Date;
  /** The payment gateway's transaction id. */
  paymentReference: string | null;
  /** Paid through the gateway's test mode: the invoice says so, so nobody books it as income. */
  testPayment: boolean;
}

export const TEST_PAYMENT_NOTE = 'TEST PAYMENT - no money was taken';

/** Amounts are integer cents: "$1,180", "$89.50" (shared money.ts). */
const money = { format: formatCents };
const count = new Intl.NumberFormat('en-US');
// The shop has no time zone setting; UTC gives every reader (and every server) the same date.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const GREY = '#555555';
const RULE = '#bbbbbb';
const WARNING = '#b00020';

// US Letter with half-inch-and-a-bit margins; the footer lives in the bottom margin.
const MARGIN = 50;
const LEFT = MARGIN;
const RIGHT = 612 - MARGIN;
const HALF = (RIGHT - LEFT) / 2;
const COLUMN_GAP = 10;

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

/** Writes rows one under the other in a column and answers the y below the last. */
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

/**
 * The standard fonts draw the WinAnsi characters only (Latin-1 and a few more); pdfkit writes
 * anything else as mojibake. A question mark says plainly that a character is missing, and
 * invisible controls (bidi overrides, zero-width spaces) have nothing to draw.
 */
const printable = (text: string) =>
  text
    .normalize('NFC')
    .replace(/(?!\n)[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[^\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu, '?');

/** Form-field text can carry Windows line ends, blank lines and trailing spaces. */
const lines = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

const rule = (doc: Doc, y: number, color = RULE) =>
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(color).stroke();

/** The lowest y a row may reach before the page's footer. */
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

function tableHeader(doc: Doc, y: number): number {
  doc.font(BOLD).fontSize(9).fillColor(GREY);
  doc.text('Description', COLUMNS.description.x, y, { width: COLUMNS.description.width });
  doc.text('Quantity', COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
  doc.text('Unit price', COLUMNS.unitPrice.x, y, {
    width: COLUMNS.unitPrice.width,
    align: 'right',
  });
  doc.text('Amount', COLUMNS.total.x, y, { width: COLUMNS.total.width, align: 'right' });
  doc.fillColor('black');
  const below = doc.y + 4;
  rule(doc, below, GREY);
  return below + ROW_PADDING;
}

const skuText = (line: InvoiceLine) => (line.sku ? printable(`SKU ${line.sku}`) : null);

function rowHeight(doc: Doc, line: InvoiceLine): number {
  const width = COLUMNS.description.width;
  const text = printable(line.description);
  let height = doc.font(REGULAR).fontSize(10).heightOfString(text, { width });
  const sku = skuText(line);
  if (sku) height += doc.fontSize(8).heightOfString(sku, { width });
  return height + ROW_PADDING;
}

function row(doc: Doc, line: InvoiceLine, y: number, height: number) {
  const { description, quantity, unitPrice, total } = COLUMNS;
  doc.font(REGULAR).fontSize(10);
  // pdfkit breaks a word wider than the column between letters, so a long name wraps in place.
  doc.text(printable(line.description), description.x, y, { width: description.width });
  const sku = skuText(line);
  if (sku) {
    doc.fontSize(8).fillColor(GREY).text(sku, description.x, undefined, {
      width: description.width,
    });
    doc.fontSize(10).fillColor('black');
  }
  const right = { align: 'right' } as const;
  doc.text(count.format(line.quantity), quantity.x, y, { ...right, width: quantity.width });
  doc.text(money.format(line.unitPrice), unitPrice.x, y, { ...right, width: unitPrice.width });
  doc.text(money.format(line.total), total.x, y, { ...right, width: total.width });
  rule(doc, y + height - ROW_PADDING / 2);
}

function header(doc: Doc, data: InvoiceData): number {
  const { seller, buyer } = data;
  const sellerBottom = block(doc, LEFT, MARGIN, HALF - COLUMN_GAP, [
    { text: seller.name, bold: true, size: 14 },
    { text: lines(seller.address) },
    ...(seller.taxId ? [{ text: `Tax ID: ${seller.taxId}` }] : []),
  ]);
  const titleRows: TextRow[] = [
    { text: 'INVOICE', bold: true, size: 24 },
    { text: `Invoice number: ${data.invoiceNumber}`, bold: true },
    { text: `Invoice date: ${day.format(data.issuedAt)}` },
    { text: `Order date: ${day.format(data.orderedAt)}` },
  ];
  if (data.testPayment) titleRows.push({ text: TEST_PAYMENT_NOTE, bold: true, color: WARNING });
  const titleBottom = block(doc, LEFT + HALF, MARGIN, HALF, titleRows, 'right');

  const partiesTop = Math.max(sellerBottom, titleBottom) + 28;
  const billTo: TextRow[] = [{ text: 'Bill to', bold: true, size: 9, color: GREY }];
  if (buyer.company) billTo.push({ text: buyer.company, bold: true });
  billTo.push({ text: buyer.contactName }, { text: lines(buyer.address) });
  if (buyer.taxId) billTo.push({ text: `Tax ID: ${buyer.taxId}` });
  billTo.push({ text: buyer.email });
  const buyerBottom = block(doc, LEFT, partiesTop, HALF - COLUMN_GAP, billTo);

  const references: TextRow[] = [
    { text: 'Order', bold: true, size: 9, color: GREY },
    { text: `Purchase number: ${data.purchaseNumber}` },
  ];
  if (data.poNumber) references.push({ text: `PO number: ${data.poNumber}` });
  const referencesBottom = block(doc, LEFT + HALF, partiesTop, HALF, references);

  return Math.max(buyerBottom, referencesBottom) + 24;
}

function totalAndPayment(doc: Doc, data: InvoiceData, top: number) {
  const { total } = COLUMNS;
  doc.font(BOLD).fontSize(12);
  doc.text('Total', COLUMNS.unitPrice.x - 60, top, {
    width: COLUMNS.unitPrice.width + 60,
    align: 'right',
  });
  doc.text(money.format(data.total), total.x, top, { width: total.width, align: 'right' });

  const paid: TextRow[] = [
    { text: 'Paid', bold: true, size: 12 },
    { text: `Paid on ${day.format(data.paidAt)}` },
  ];
  if (data.paymentReference) paid.push({ text: `Payment reference: ${data.paymentReference}` });
  if (data.testPayment) paid.push({ text: TEST_PAYMENT_NOTE, bold: true, color: WARNING });
  block(doc, LEFT, doc.y + 24, RIGHT - LEFT, paid);
}

/** Room the total and the payment block need, so they never start at the foot of a page. */
const CLOSING_HEIGHT = 110;

function footers(doc: Doc, invoiceNumber: string) {
  const { start, count: pages } = doc.bufferedPageRange();
  for (let index = 0; index < pages; index++) {
    doc.switchToPage(start + index);
    const y = doc.page.height - MARGIN + 16;
    // A height keeps pdfkit from opening a new page for text written below the bottom margin.
    const options = { width: HALF, height: 20, lineBreak: false } as const;
    doc.font(REGULAR).fontSize(8).fillColor(GREY);
    doc.text(invoiceNumber, LEFT, y, options);
    doc.text(`Page ${index + 1} of ${pages}`, LEFT + HALF, y, { ...options, align: 'right' });
  }
}

/**
 * The invoice of a paid purchase as a PDF: seller, title and dates, buyer, references, the lines
 * (over as many pages as they need, the table header on each), the total and the payment.
 * Uses the PDF standard Helvetica fonts, so it needs no font files; they cover Latin text only.
 */
export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + 20 },
    bufferPages: true,
    displayTitle: true,
    lang: 'en-US',
    info: {
      Title: `Invoice ${data.invoiceNumber}`,
      Author: data.seller.name,
      // Also the seed of the file's ID: the same invoice renders to the same bytes.
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
    const height = rowHeight(doc, line);
    if (y + height > bottom(doc)) {
      doc.addPage();
      y = tableHeader(doc, doc.page.margins.top);
    }
    row(doc, line, y, height);
    y += height;
  }
  if (y + CLOSING_HEIGHT > bottom(doc)) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  totalAndPayment(doc, data, y + 8);
  footers(doc, data.invoiceNumber);
  doc.end();
  return done;
}
