import { AGING_BUCKETS, agingLabels, formatCents, type AgingBucket } from '@shop/shared';
import {
  block,
  bottom,
  documentDay,
  GREY,
  HALF,
  LEFT,
  notesBlock,
  pageFooters,
  pdfDocument,
  printable,
  RIGHT,
  roomFor,
  rule,
  sectionLabel,
  type Doc,
  type InvoiceParty,
  type TextRow,
} from './document-pdf.js';

/*
 * A company's statement of account (issue 30 item 6): the invoice's look (US Letter, Helvetica,
 * seller and title side by side), then the period's ledger as a table that starts from the
 * opening balance and ends at the closing balance, and what the open invoices ask by age.
 */

/** Amounts are integer cents (docs/decisions/027). */
export interface StatementData {
  seller: InvoiceParty;
  company: { name: string; address: string | null; taxId: string | null };
  /** "Net 30", "Card". */
  terms: string;
  /** Cents; null: no limit. */
  creditLimit: number | null;
  /** The period's first and last day (YYYY-MM-DD, UTC). */
  from: string;
  to: string;
  /** When it was made: its date, and the day the aging is of. */
  issuedAt: Date;
  opening: number;
  entries: { at: Date; kind: string; reference: string; amount: number; balanceAfter: number }[];
  closing: number;
  /** The period had more entries than one statement lists: only the first are shown. */
  truncated: boolean;
  aging: Record<AgingBucket, number>;
  currency: string;
}

const dayOf = (date: string) => documentDay(new Date(`${date}T12:00:00Z`));

const COLUMNS = {
  date: { x: LEFT, width: 80 },
  entry: { x: LEFT + 88, width: 84 },
  reference: { x: LEFT + 180, width: 150 },
  amount: { x: LEFT + 338, width: 80 },
  balance: { x: LEFT + 426, width: RIGHT - (LEFT + 426) },
} as const;
const ROW = 18;

function header(doc: Doc, y: number): number {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY);
  const right = { align: 'right' } as const;
  doc.text('Date', COLUMNS.date.x, y, { width: COLUMNS.date.width });
  doc.text('Entry', COLUMNS.entry.x, y, { width: COLUMNS.entry.width });
  doc.text('Reference', COLUMNS.reference.x, y, { width: COLUMNS.reference.width });
  doc.text('Amount', COLUMNS.amount.x, y, { ...right, width: COLUMNS.amount.width });
  doc.text('Balance', COLUMNS.balance.x, y, { ...right, width: COLUMNS.balance.width });
  doc.fillColor('black');
  rule(doc, doc.y + 4, GREY);
  return doc.y + 10;
}

interface Row {
  date: string;
  entry: string;
  reference: string;
  amount: number | null;
  balance: number;
  bold?: boolean;
}

function row(doc: Doc, line: Row, y: number) {
  const right = { align: 'right', lineBreak: false, height: ROW } as const;
  const cell = { lineBreak: false, height: ROW, ellipsis: true } as const;
  doc.font(line.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  doc.text(line.date, COLUMNS.date.x, y, { ...cell, width: COLUMNS.date.width });
  doc.text(line.entry, COLUMNS.entry.x, y, { ...cell, width: COLUMNS.entry.width });
  doc.text(printable(line.reference), COLUMNS.reference.x, y, {
    ...cell,
    width: COLUMNS.reference.width,
  });
  if (line.amount !== null) {
    doc.text(formatCents(line.amount), COLUMNS.amount.x, y, {
      ...right,
      width: COLUMNS.amount.width,
    });
  }
  doc.text(formatCents(line.balance), COLUMNS.balance.x, y, {
    ...right,
    width: COLUMNS.balance.width,
  });
  rule(doc, y + ROW - 4);
}

/** The ledger from the opening to the closing balance, over as many pages as it needs. */
function ledgerTable(doc: Doc, data: StatementData, top: number): number {
  const rows: Row[] = [
    {
      date: dayOf(data.from),
      entry: 'Opening balance',
      reference: '',
      amount: null,
      balance: data.opening,
      bold: true,
    },
    ...data.entries.map((entry) => ({
      date: documentDay(entry.at),
      entry: entry.kind,
      reference: entry.reference,
      amount: entry.amount,
      balance: entry.balanceAfter,
    })),
    {
      date: dayOf(data.to),
      entry: 'Closing balance',
      reference: '',
      amount: null,
      balance: data.closing,
      bold: true,
    },
  ];
  let y = header(doc, top);
  for (const line of rows) {
    if (y + ROW > bottom(doc)) {
      doc.addPage();
      y = header(doc, doc.page.margins.top);
    }
    row(doc, line, y);
    y += ROW;
  }
  return y;
}

/** What the open invoices ask by age, their total, and any credit beside it. */
function agingBlock(doc: Doc, data: StatementData, top: number): number {
  const width = (RIGHT - LEFT) / (AGING_BUCKETS.length + 1);
  let y = block(doc, LEFT, top, RIGHT - LEFT, [
    sectionLabel(`Open invoices by age on ${documentDay(data.issuedAt)}`),
  ]);
  y += 4;
  const due = AGING_BUCKETS.reduce((sum, bucket) => sum + data.aging[bucket], 0);
  const cells: [string, number][] = [
    ...AGING_BUCKETS.map((bucket): [string, number] => [agingLabels[bucket], data.aging[bucket]]),
    ['Total due', due],
  ];
  cells.forEach(([label, cents], index) => {
    const x = LEFT + index * width;
    const last = index === cells.length - 1;
    doc.font('Helvetica').fontSize(9).fillColor(GREY);
    doc.text(label, x, y, { width: width - 6, align: 'right' });
    doc
      .font(last ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('black');
    doc.text(formatCents(cents), x, y + 13, { width: width - 6, align: 'right' });
  });
  y += 34;
  const credit = due - data.closing;
  const notes: TextRow[] = [];
  // Today's balance is what the open invoices ask less any payment no invoice took.
  if (data.to >= data.issuedAt.toISOString().slice(0, 10) && credit > 0) {
    notes.push({ text: `Credit on account: ${formatCents(credit)}` });
  }
  notes.push({ text: `Amounts in ${data.currency}.`, color: GREY, size: 9 });
  return notesBlock(doc, notes, y);
}

/** The statement as a PDF. */
export function renderStatementPdf(data: StatementData): Promise<Buffer> {
  const title = `Statement ${data.company.name} ${data.from} to ${data.to}`;
  const { doc, done } = pdfDocument({
    title,
    author: data.seller.name,
    createdAt: data.issuedAt,
  });
  const sellerBottom = block(doc, LEFT, 50, HALF - 10, [
    { text: data.seller.name, bold: true, size: 14 },
    { text: data.seller.address },
    ...(data.seller.taxId ? [{ text: `Tax ID: ${data.seller.taxId}` }] : []),
  ]);
  const titleBottom = block(
    doc,
    LEFT + HALF,
    50,
    HALF,
    [
      { text: 'STATEMENT', bold: true, size: 24 },
      { text: 'Statement of account', bold: true },
      { text: `Period: ${dayOf(data.from)} - ${dayOf(data.to)}` },
      { text: `Date: ${documentDay(data.issuedAt)}` },
      { text: `Terms: ${data.terms}` },
      {
        text: `Credit limit: ${data.creditLimit === null ? 'none' : formatCents(data.creditLimit)}`,
      },
    ],
    'right',
  );
  const partiesTop = Math.max(sellerBottom, titleBottom) + 24;
  const accountRows: TextRow[] = [
    sectionLabel('Account of'),
    { text: data.company.name, bold: true },
  ];
  if (data.company.address) accountRows.push({ text: data.company.address });
  if (data.company.taxId) accountRows.push({ text: `Tax ID: ${data.company.taxId}` });
  const partiesBottom = block(doc, LEFT, partiesTop, HALF - 10, accountRows);
  let y = ledgerTable(doc, data, partiesBottom + 20);
  if (data.truncated) {
    y = notesBlock(
      doc,
      [
        {
          text: 'More entries than one statement lists: please ask for a shorter period.',
          bold: true,
        },
      ],
      y + 6,
    );
  }
  agingBlock(doc, data, roomFor(doc, y + 16, 100));
  pageFooters(doc, `Statement of account, ${data.company.name}`);
  doc.end();
  return done;
}
