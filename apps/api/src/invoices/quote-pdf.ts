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
  totalsBlock,
  totalsHeight,
  type Doc,
  type DocumentTotals,
  type InvoiceBuyer,
  type InvoiceParty,
  type TextRow,
} from './document-pdf.js';

/*
 * A quote's offer as a PDF (issue 31 item 4, docs/decisions/052): the invoice's layout with
 * "QUOTE Q-..., version n", the date offered and the validity, the buyer (its company and where
 * the goods would go), the offered lines and their subtotal, the shop's note, and the words
 * that shipping and tax are added when it is accepted; once accepted at this version, the
 * purchase's number and what it charged (shipping, tax, total), the figures of its invoice.
 */

/** Amounts are integer cents of US dollars (docs/decisions/027). */
export interface QuoteDocumentData {
  number: string;
  version: number;
  offeredAt: Date;
  expiresAt: Date;
  seller: InvoiceParty;
  buyer: InvoiceBuyer;
  lines: { description: string; sku: string | null; quantity: number; unitPrice: number }[];
  subtotal: number;
  note: string | null;
  /** The purchase it became, once accepted. */
  purchaseNumber: string | null;
  /** What that purchase charged, on the version accepted: the goods, shipping, tax, total. */
  charged: DocumentTotals | null;
}

const TOTALS_LABEL = { x: COLUMNS.unitPrice.x - 100, width: COLUMNS.unitPrice.width + 100 };
const CLOSING_HEIGHT = 160;

function closing(doc: Doc, data: QuoteDocumentData, top: number) {
  let rows: TextRow[];
  if (data.charged) {
    // Accepted at this version: the purchase's own figures, so quote and invoice agree.
    totalsBlock(doc, { ...data.charged, totalLabel: 'Total charged' }, top);
    rows = [
      {
        text: `Accepted as purchase ${data.purchaseNumber ?? ''}, with the shipping and tax above.`,
      },
    ];
  } else {
    amountRow(doc, 'Subtotal', data.subtotal, top, TOTALS_LABEL, true);
    rows = [
      {
        text: 'Shipping and tax are added when the offer is accepted, to the address it ships to.',
      },
    ];
  }
  if (data.note) rows.unshift(sectionLabel('Note'), { text: data.note }, { text: '' });
  notesBlock(doc, rows, doc.y + 24);
}

/** The offer as a PDF, over as many pages as its lines need. */
export function renderQuotePdf(data: QuoteDocumentData): Promise<Buffer> {
  const { doc, done } = pdfDocument({
    title: `Quote ${data.number}`,
    author: data.seller.name,
    createdAt: data.offeredAt,
  });
  const references = [`Quote number: ${data.number}`, `Version: ${data.version}`];
  if (data.purchaseNumber) references.push(`Purchase number: ${data.purchaseNumber}`);
  const top = documentHeader(doc, {
    title: 'QUOTE',
    number: `Quote ${data.number}, version ${data.version}`,
    facts: [`Date: ${documentDay(data.offeredAt)}`, `Valid until: ${documentDay(data.expiresAt)}`],
    warning: null,
    seller: data.seller,
    buyer: data.buyer,
    buyerLabel: 'Prepared for',
    references,
  });
  const lines = data.lines.map((line) => ({ ...line, total: line.quantity * line.unitPrice }));
  const y = linesTable(doc, lines, top, 'Amount');
  const height = CLOSING_HEIGHT + (data.charged ? totalsHeight(data.charged) : 0);
  closing(doc, data, roomFor(doc, y, height) + 8);
  pageFooters(doc, `${data.number} v${data.version}`);
  doc.end();
  return done;
}
