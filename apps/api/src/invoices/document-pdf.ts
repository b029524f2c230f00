import { formatCents } from '@shop/shared';
import PDFDocument from 'pdfkit';

/*
 * The blocks an invoice and a credit note share (docs/decisions/039, 040): US Letter, the PDF
 * standard Helvetica fonts (no font files; Latin text only), the header of parties and
 * references, the lines' table over as many pages as it needs, totals, notes and footers.
 */

export interface InvoiceParty {
  name: string;
  /** May span several lines. */
  address: string;
  taxId: string | null;
}

/** The buyer: billed at `address` (the company's billing address), shipped to `shipTo`. */
export interface InvoiceBuyer extends InvoiceParty {
  company: string | null;
  email: string;
  contactName: string;
  /** Where the goods go, on several lines; null leaves the Ship to block out. */
  shipTo?: string | null;
}

/** Amounts are integer cents (docs/decisions/027). `total` is the line's net amount. */
export interface InvoiceLine {
  description: string;
  sku?: string | null;
  quantity: number;
  unitPrice: number;
  total: number;
}

/** One line of tax: its name ("VAT DE 19 %"), the net amount it taxes, the tax (cents). */
export interface InvoiceTaxLine {
  name: string;
  rate: number;
  base: number;
  amount: number;
}

/**
 * The money block of an invoice or a credit note (integer cents): the goods net, the shipping,
 * every tax line and the total, which is their sum (`total = subtotal + shipping + tax`).
 */
export interface DocumentTotals {
  subtotal: number;
  shipping: number;
  /** The shipping method's name, shown beside the shipping charge. */
  shippingMethod: string | null;
  taxLines: InvoiceTaxLine[];
  total: number;
  /** ISO 4217 code, said under the total. */
  currency: string;
  /** The total's label: "Total" unless given ("Total credited" on a credit note). */
  totalLabel?: string;
}

export const TEST_PAYMENT_NOTE = 'TEST PAYMENT - no money was taken';

/** Amounts are integer cents: "$1,180", "$89.50" (shared money.ts). */
const money = { format: formatCents };
const count = new Intl.NumberFormat('en-US');
// The shop has no time zone setting; UTC gives every reader (and every server) the same date.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
export const GREY = '#555555';
const RULE = '#bbbbbb';
const WARNING = '#b00020';

// US Letter with half-inch-and-a-bit margins; the footer lives in the bottom margin.
const MARGIN = 50;
export const LEFT = MARGIN;
export const RIGHT = 612 - MARGIN;
export const HALF = (RIGHT - LEFT) / 2;
const COLUMN_GAP = 10;

/** The lines' table: description, quantity, unit price and the line's amount. */
export const COLUMNS = {
  description: { x: LEFT, width: 262 },
  quantity: { x: LEFT + 272, width: 60 },
  unitPrice: { x: LEFT + 342, width: 80 },
  total: { x: LEFT + 432, width: RIGHT - (LEFT + 432) },
} as const;
const ROW_PADDING = 6;

export type Doc = PDFKit.PDFDocument;

export interface TextRow {
  text: string;
  bold?: boolean;
  size?: number;
  color?: string;
}

/** A block's small grey heading: "Bill to", "Order", "Reason". */
export const sectionLabel = (text: string): TextRow => ({ text, bold: true, size: 9, color: GREY });

/** Words said in red: a test payment's note. */
export const warningRow = (text: string): TextRow => ({ text, bold: true, color: WARNING });

/** Writes rows one under the other in a column and answers the y below the last. */
export function block(
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
export const printable = (text: string) =>
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

export const rule = (doc: Doc, y: number, color = RULE) =>
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(color).stroke();

/** The lowest y a row may reach before the page's footer. */
export const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

function tableHeader(doc: Doc, y: number, amountLabel: string): number {
  doc.font(BOLD).fontSize(9).fillColor(GREY);
  doc.text('Description', COLUMNS.description.x, y, { width: COLUMNS.description.width });
  doc.text('Quantity', COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
  doc.text('Unit price', COLUMNS.unitPrice.x, y, {
    width: COLUMNS.unitPrice.width,
    align: 'right',
  });
  doc.text(amountLabel, COLUMNS.total.x, y, { width: COLUMNS.total.width, align: 'right' });
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

/** A document's opening: the seller, the title and its facts, the buyer and the references. */
export interface DocumentHeader {
  /** "INVOICE", "CREDIT NOTE". */
  title: string;
  /** The first, bold fact under the title: "Invoice number: INV-2026-00042". */
  number: string;
  /** Dates, terms and the like, one a line under the number. */
  facts: string[];
  /** Said in red beside the title (a test payment), or null. */
  warning: string | null;
  seller: InvoiceParty;
  buyer: InvoiceBuyer;
  /** The buyer block's label: "Bill to" unless given ("Credited to"). */
  buyerLabel?: string;
  /** The Order block: "Purchase number: PW-000123", "PO number: ...". */
  references: string[];
}

/** Writes the header from the top of the first page and answers the y below it. */
export function documentHeader(doc: Doc, spec: DocumentHeader): number {
  const { seller, buyer } = spec;
  const sellerBottom = block(doc, LEFT, MARGIN, HALF - COLUMN_GAP, [
    { text: seller.name, bold: true, size: 14 },
    { text: lines(seller.address) },
    ...(seller.taxId ? [{ text: `Tax ID: ${seller.taxId}` }] : []),
  ]);
  const titleRows: TextRow[] = [
    { text: spec.title, bold: true, size: 24 },
    { text: spec.number, bold: true },
    ...spec.facts.map((text) => ({ text })),
  ];
  if (spec.warning) titleRows.push(warningRow(spec.warning));
  const titleBottom = block(doc, LEFT + HALF, MARGIN, HALF, titleRows, 'right');

  const partiesTop = Math.max(sellerBottom, titleBottom) + 28;
  const billTo: TextRow[] = [sectionLabel(spec.buyerLabel ?? 'Bill to')];
  if (buyer.company) billTo.push({ text: buyer.company, bold: true });
  billTo.push({ text: buyer.contactName }, { text: lines(buyer.address) });
  if (buyer.taxId) billTo.push({ text: `Tax ID: ${buyer.taxId}` });
  billTo.push({ text: buyer.email });
  const buyerBottom = block(doc, LEFT, partiesTop, HALF - COLUMN_GAP, billTo);

  let rightTop = partiesTop;
  const shipTo = buyer.shipTo ? lines(buyer.shipTo) : '';
  if (shipTo) {
    rightTop =
      block(doc, LEFT + HALF, partiesTop, HALF, [sectionLabel('Ship to'), { text: shipTo }]) + 12;
  }
  const referencesBottom = block(doc, LEFT + HALF, rightTop, HALF, [
    sectionLabel('Order'),
    ...spec.references.map((text) => ({ text })),
  ]);

  return Math.max(buyerBottom, referencesBottom) + 24;
}

/**
 * The lines' table from `y`, over as many pages as it needs with its header on each; answers the
 * y below the last row. `amountLabel` heads the last column ("Credited" on a credit note).
 */
export function linesTable(
  doc: Doc,
  items: InvoiceLine[],
  top: number,
  amountLabel = 'Net amount',
): number {
  let y = tableHeader(doc, top, amountLabel);
  for (const line of items) {
    const height = rowHeight(doc, line);
    if (y + height > bottom(doc)) {
      doc.addPage();
      y = tableHeader(doc, doc.page.margins.top, amountLabel);
    }
    row(doc, line, y, height);
    y += height;
  }
  return y;
}

/** The shipping line's label: "Shipping (Express)". */
const shippingLabel = (method: string | null) => (method ? `Shipping (${method})` : 'Shipping');

/** "VAT DE 19 % on $1,190": a tax line names the amount it taxes. */
const taxLabel = (line: InvoiceTaxLine) => `${line.name} on ${money.format(line.base)}`;

const TOTALS_LABEL = { x: LEFT + 150, width: COLUMNS.total.x - COLUMN_GAP - (LEFT + 150) };
const TOTALS_ROW = 16;

/**
 * A label right-aligned in `labelBox` and its amount under the table's amounts, at `y`; the
 * strong one (a total) in bold and larger.
 */
export function amountRow(
  doc: Doc,
  label: string,
  cents: number,
  y: number,
  labelBox: { x: number; width: number },
  strong = false,
) {
  const right = { align: 'right' } as const;
  doc.font(strong ? BOLD : REGULAR).fontSize(strong ? 12 : 10);
  doc.text(printable(label), labelBox.x, y, { ...right, width: labelBox.width });
  doc.text(money.format(cents), COLUMNS.total.x, y, { ...right, width: COLUMNS.total.width });
}

/** The rows of the totals block, as label and amount. */
function totalsRows(totals: DocumentTotals): [label: string, cents: number][] {
  return [
    ['Subtotal', totals.subtotal],
    [shippingLabel(totals.shippingMethod), totals.shipping],
    ...totals.taxLines.map((line): [string, number] => [taxLabel(line), line.amount]),
  ];
}

/** The height `totalsBlock` takes. */
export const totalsHeight = (totals: DocumentTotals) => totalsRows(totals).length * TOTALS_ROW + 44;

/**
 * Subtotal, shipping, each tax line, the total in bold and the currency it is in, right-aligned
 * under the amounts; answers the y below.
 */
export function totalsBlock(doc: Doc, totals: DocumentTotals, top: number): number {
  let y = top;
  const right = { align: 'right' } as const;
  doc.fillColor('black');
  for (const [label, cents] of totalsRows(totals)) {
    amountRow(doc, label, cents, y, TOTALS_LABEL);
    y += TOTALS_ROW;
  }
  doc
    .moveTo(TOTALS_LABEL.x, y - 3)
    .lineTo(RIGHT, y - 3)
    .lineWidth(0.5)
    .strokeColor(GREY)
    .stroke();
  y += 2;
  amountRow(doc, totals.totalLabel ?? 'Total', totals.total, y, TOTALS_LABEL, true);
  y += TOTALS_ROW + 2;
  doc.font(REGULAR).fontSize(9).fillColor(GREY);
  doc.text(`Amounts in ${printable(totals.currency)}`, TOTALS_LABEL.x, y, {
    ...right,
    width: RIGHT - TOTALS_LABEL.x,
  });
  doc.fillColor('black');
  return doc.y;
}

/**
 * The tax treatment's words (REVERSE_CHARGE_NOTE) and, under reverse charge, both parties' VAT
 * ids beside them, as the VAT Directive (Art. 226) wants them on the invoice.
 */
export function taxNoteRows(
  note: string | null,
  reverseCharge: boolean,
  sellerTaxId: string | null,
  buyerTaxId: string | null,
): TextRow[] {
  const rows: TextRow[] = [];
  if (note) rows.push({ text: note, bold: true });
  if (reverseCharge) {
    rows.push({ text: `Seller VAT ID: ${sellerTaxId ?? 'none'}` });
    rows.push({ text: `Buyer VAT ID: ${buyerTaxId ?? 'none'}` });
  }
  return rows;
}

/** Rows across the page's width from `y`; answers the y below (nothing written for none). */
export function notesBlock(doc: Doc, rows: TextRow[], y: number): number {
  return rows.length === 0 ? y : block(doc, LEFT, y, RIGHT - LEFT, rows);
}

/** A new page when `height` more would pass the footer: answers where to write. */
export function roomFor(doc: Doc, y: number, height: number): number {
  if (y + height <= bottom(doc)) return y;
  doc.addPage();
  return doc.page.margins.top;
}

/** Each page's footer: the document's number and "Page n of m". */
export function pageFooters(doc: Doc, label: string) {
  const { start, count: pages } = doc.bufferedPageRange();
  for (let index = 0; index < pages; index++) {
    doc.switchToPage(start + index);
    const y = doc.page.height - MARGIN + 16;
    // A height keeps pdfkit from opening a new page for text written below the bottom margin.
    const options = { width: HALF, height: 20, lineBreak: false } as const;
    doc.font(REGULAR).fontSize(8).fillColor(GREY);
    doc.text(label, LEFT, y, options);
    doc.text(`Page ${index + 1} of ${pages}`, LEFT + HALF, y, { ...options, align: 'right' });
  }
}

/**
 * A US Letter document with the shop's margins, buffered so the footers can be written last;
 * `done` resolves to its bytes once `doc.end()` is called. `createdAt` also seeds the file's
 * ID: the same document renders to the same bytes.
 */
export function pdfDocument(info: { title: string; author: string; createdAt: Date }) {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + 20 },
    bufferPages: true,
    displayTitle: true,
    lang: 'en-US',
    info: { Title: info.title, Author: info.author, CreationDate: info.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** Dates as the documents print them: "Mar 4, 2026" (UTC). */
export const documentDay = (date: Date) => day.format(date);
