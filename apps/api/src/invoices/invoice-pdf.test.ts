import { describe, expect, it } from 'vitest';
import { extractPdfText, type PdfTextItem } from '../test-support/pdf-text.js';
import { REVERSE_CHARGE_NOTE } from '@shop/shared';
import {
  documentHeader,
  linesTable,
  notesBlock,
  pageFooters,
  pdfDocument,
  roomFor,
  taxNoteRows,
  totalsBlock,
  totalsHeight,
  TEST_PAYMENT_NOTE,
} from './document-pdf.js';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf.js';

const invoice = (changes: Partial<InvoiceData> = {}): InvoiceData => ({
  invoiceNumber: 'INV-2026-00042',
  issuedAt: new Date('2026-03-04T10:00:00Z'),
  purchaseNumber: 'PW-000123',
  orderedAt: new Date('2026-03-01T16:30:00Z'),
  poNumber: 'PO-7781',
  quoteNumber: 'Q-2026-00017',
  seller: {
    name: 'PartsWorks Inc.',
    address: '1 Factory Road\r\nSpringfield, IL 62701\n\nUSA',
    taxId: 'US-12-3456789',
  },
  buyer: {
    name: 'Acme Corp',
    company: 'Acme Corp',
    contactName: 'Pat Buyer',
    email: 'pat@acme.example',
    address: '5 Main Street\nBoston, MA 02110',
    taxId: 'EU-998877',
    shipTo: 'Receiving dock\nAcme Corp\n40 Harbor Way\nChicago, IL 60601\nUnited States',
  },
  lines: [
    {
      description: 'Ryzen 9 7950X processor',
      sku: 'CPU-7950X',
      quantity: 10,
      unitPrice: 55_000,
      total: 550_000,
    },
    { description: 'DDR5-6000 32 GB memory kit', quantity: 100, unitPrice: 9500, total: 950_000 },
    { description: 'NVMe SSD 2 TB', sku: null, quantity: 64, unitPrice: 20_000, total: 1_280_000 },
    // A price with cents (issue 27): three cables at $89.50 are $268.50.
    {
      description: 'SFP+ cable 3 m',
      sku: 'CBL-SFP-3M',
      quantity: 3,
      unitPrice: 8950,
      total: 26_850,
    },
  ],
  // In cents, as the database keeps every amount.
  subtotal: 2_806_850,
  shipping: 12_500,
  shippingMethod: 'Ground',
  taxLines: [{ name: 'Sales tax IL 6.25 %', rate: 0.0625, base: 2_819_350, amount: 176_210 }],
  total: 2_995_560,
  currency: 'USD',
  taxNote: null,
  reverseCharge: false,
  terms: 'Paid by card',
  dueDate: new Date('2026-03-04T10:00:00Z'),
  paidAt: new Date('2026-03-04T09:15:00Z'),
  amountDue: 0,
  paymentReference: 'pi_3PqRsT123',
  testPayment: false,
  ...changes,
});

/** The text with every run of white space as one space, for phrases that cross line ends. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Runs of text on one page whose boxes cross: a layout that draws text over text. */
function overlaps(items: PdfTextItem[]) {
  const visible = items.filter((item) => item.str.trim());
  return visible.flatMap((a, i) =>
    visible
      .slice(i + 1)
      .filter(
        (b) =>
          a.page === b.page &&
          a.x < b.x + b.width &&
          b.x < a.x + a.width &&
          a.y < b.y + b.height &&
          b.y < a.y + a.height,
      )
      .map((b) => `${a.str} / ${b.str}`),
  );
}

describe('the invoice PDF', () => {
  it('names the invoice, both parties, the references, every line, the total and the payment', async () => {
    const pdf = await renderInvoicePdf(invoice());
    const { pages, text, items } = await extractPdfText(pdf);
    expect(pages).toHaveLength(1);
    for (const expected of [
      'INVOICE',
      'Invoice number: INV-2026-00042',
      'Invoice date: Mar 4, 2026',
      'Order date: Mar 1, 2026',
      'PartsWorks Inc.',
      'Tax ID: US-12-3456789',
      'Bill to',
      'Acme Corp',
      'Pat Buyer',
      'Tax ID: EU-998877',
      'pat@acme.example',
      'Purchase number: PW-000123',
      'PO number: PO-7781',
      'Quote number: Q-2026-00017',
      'Terms: Paid by card',
      'Due date: Mar 4, 2026',
      'Ship to',
      'Description Quantity Unit price Net amount',
      'Subtotal $28,068.50',
      'Shipping (Ground) $125',
      'Sales tax IL 6.25 % on $28,193.50 $1,762.10',
      'Total $29,955.60',
      'Amounts in USD',
      'Paid on Mar 4, 2026',
      'Payment reference: pi_3PqRsT123',
    ]) {
      expect(text).toContain(expected);
    }
    // Each row reads across: description (and SKU), quantity, unit price, line total.
    expect(flat(text)).toContain('Ryzen 9 7950X processor SKU CPU-7950X 10 $550 $5,500');
    expect(flat(text)).toContain('DDR5-6000 32 GB memory kit 100 $95 $9,500');
    expect(flat(text)).toContain('NVMe SSD 2 TB 64 $200 $12,800');
    expect(flat(text)).toContain('SFP+ cable 3 m SKU CBL-SFP-3M 3 $89.50 $268.50');
    expect(text).not.toContain(TEST_PAYMENT_NOTE);
    expect(text).not.toMatch(/Reverse charge|VAT ID/);
    expect(overlaps(items)).toEqual([]);
  });

  it('prints where it ships beside the billing address, on its own lines', async () => {
    const { text } = await extractPdfText(await renderInvoicePdf(invoice()));
    expect(text).toContain(
      'Ship to\nReceiving dock\nAcme Corp\n40 Harbor Way\nChicago, IL 60601\nUnited States',
    );
  });

  it('under reverse charge prints the note with both VAT ids and a 0 % VAT line', async () => {
    const data = invoice({
      taxLines: [{ name: 'VAT reverse charge 0 %', rate: 0, base: 2_819_350, amount: 0 }],
      total: 2_819_350,
      taxNote: REVERSE_CHARGE_NOTE,
      reverseCharge: true,
    });
    data.seller = { ...data.seller, taxId: 'DE136695976' };
    data.buyer = { ...data.buyer, taxId: 'FR40303265045' };
    const { text, items } = await extractPdfText(await renderInvoicePdf(data));
    const flatText = flat(text);
    expect(flatText).toContain('VAT reverse charge 0 % on $28,193.50 $0');
    expect(flatText).toContain('Total $28,193.50');
    expect(flatText).toContain(
      `${REVERSE_CHARGE_NOTE} Seller VAT ID: DE136695976 Buyer VAT ID: FR40303265045`,
    );
    expect(overlaps(items)).toEqual([]);
  });

  it('shows no tax line when none applies, and no shipping method when none is known', async () => {
    const data = invoice({ taxLines: [], shippingMethod: null, shipping: 0, total: 2_806_850 });
    const { text } = await extractPdfText(await renderInvoicePdf(data));
    expect(text).toContain('Shipping $0');
    expect(text).not.toMatch(/Sales tax|VAT/);
    expect(text).toContain('Total $28,068.50');
  });

  it('keeps the lines of an address, without the blank ones or Windows line ends', async () => {
    const { text } = await extractPdfText(await renderInvoicePdf(invoice()));
    expect(text).toContain('1 Factory Road\nSpringfield, IL 62701\nUSA');
    expect(text).toContain('5 Main Street\nBoston, MA 02110');
  });

  it('leaves out what is not known: company, tax ids, PO and quote number, payment reference', async () => {
    const data = invoice({ poNumber: null, quoteNumber: null, paymentReference: null });
    data.seller = { ...data.seller, taxId: null };
    data.buyer = { ...data.buyer, company: null, taxId: null, shipTo: null };
    const { text } = await extractPdfText(await renderInvoicePdf(data));
    expect(text).not.toMatch(/Tax ID|PO number|Quote number|Payment reference|Acme Corp|Ship to/);
    expect(text).toContain('Bill to\nPat Buyer\n5 Main Street');
    expect(text).toContain('Purchase number: PW-000123');
  });

  it('says plainly on a test payment that no money was taken', async () => {
    const { pages } = await extractPdfText(await renderInvoicePdf(invoice({ testPayment: true })));
    // Beside the title, and again where the payment is.
    expect(pages[0]?.split(TEST_PAYMENT_NOTE)).toHaveLength(3);
  });

  it('wraps a 64-character name without spaces inside its column', async () => {
    const name = 'X'.repeat(32) + 'Y'.repeat(32);
    const data = invoice({
      lines: [{ description: name, quantity: 1000, unitPrice: 2700, total: 2_700_000 }],
      subtotal: 2_700_000,
      taxLines: [],
      total: 2_712_500,
    });
    const { text, items } = await extractPdfText(await renderInvoicePdf(data));
    const parts = items.filter((item) => /^[XY]+$/.test(item.str));
    expect(parts.map((part) => part.str).join('')).toBe(name);
    expect(new Set(parts.map((part) => part.y)).size).toBeGreaterThan(1);
    const quantityHeader = items.find((item) => item.str.includes('Quantity'));
    if (!quantityHeader) throw new Error(`no Quantity header in ${text}`);
    for (const part of parts) expect(part.x + part.width).toBeLessThan(quantityHeader.x);
    expect(flat(text)).toContain('1,000 $27 $27,000');
    expect(overlaps(items)).toEqual([]);
  });

  it('runs 500 lines over several pages, the table header on each, and lists the last', async () => {
    const lines = Array.from({ length: 500 }, (_, index) => ({
      description: `Part number ${index + 1}, a component with a long enough name to wrap once`,
      sku: index % 3 ? `SKU-${index + 1}` : null,
      quantity: index + 1,
      unitPrice: 300,
      total: 300 * (index + 1),
    }));
    const total = lines.reduce((sum, line) => sum + line.total, 0);
    const { pages, items } = await extractPdfText(
      await renderInvoicePdf(
        invoice({ lines, subtotal: total, taxLines: [], total: total + 12_500 }),
      ),
    );
    expect(pages.length).toBeGreaterThanOrEqual(5);
    const withRows = pages.filter((page) => page.includes('Part number'));
    for (const page of withRows) {
      expect(page).toContain('Description Quantity Unit price Net amount');
    }
    pages.forEach((page, index) =>
      expect(page).toContain(`INV-2026-00042 Page ${index + 1} of ${pages.length}`),
    );
    // Every line once, in order, with its quantity and total.
    const all = flat(pages.join('\n'));
    let from = 0;
    for (const line of lines) {
      const at = all.indexOf(`Part number ${line.quantity},`, from);
      expect(at, `line ${line.quantity}`).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
    expect(all).toContain(
      'Part number 500, a component with a long enough name to wrap once SKU SKU-500 500 $3 $1,500',
    );
    expect(pages.at(-1)).toContain(`Subtotal $${(total / 100).toLocaleString('en-US')}`);
    expect(pages.at(-1)).toContain(`Total $${((total + 12_500) / 100).toLocaleString('en-US')}`);
    expect(overlaps(items)).toEqual([]);
  });

  it('renders the same invoice to the same bytes, dated when it was issued', async () => {
    const [first, second] = await Promise.all([
      renderInvoicePdf(invoice()),
      renderInvoicePdf(invoice()),
    ]);
    expect(first.equals(second)).toBe(true);
    expect(first.toString('latin1')).toContain('(D:20260304100000Z)');
  });

  it('draws a question mark for a character the standard fonts lack, and no invisible controls', async () => {
    const data = invoice();
    data.buyer = { ...data.buyer, contactName: 'שלום Pat\u202e\u0000', company: 'Café Ünïcode' };
    const { text } = await extractPdfText(await renderInvoicePdf(data));
    expect(text).toContain('Café Ünïcode\n???? Pat\n');
  });

  it('lends its blocks to another document: a credit note with the same parties and totals', async () => {
    const data = invoice({ taxNote: REVERSE_CHARGE_NOTE, reverseCharge: true });
    const { doc, done } = pdfDocument({
      title: 'Credit note CN-2026-00007',
      author: data.seller.name,
      createdAt: new Date('2026-03-10T08:00:00Z'),
    });
    const top = documentHeader(doc, {
      title: 'CREDIT NOTE',
      number: 'Credit note number: CN-2026-00007',
      facts: ['For invoice: INV-2026-00042', 'Date: Mar 10, 2026'],
      warning: null,
      seller: data.seller,
      buyer: data.buyer,
      references: ['Purchase number: PW-000123'],
    });
    const credited = {
      subtotal: 55_000,
      shipping: 0,
      shippingMethod: 'Ground',
      taxLines: [{ name: 'VAT reverse charge 0 %', rate: 0, base: 55_000, amount: 0 }],
      total: 55_000,
      currency: 'USD',
      totalLabel: 'Total credited',
    };
    let y = linesTable(doc, [{ ...data.lines[0]!, quantity: 1, total: 55_000 }], top);
    y = totalsBlock(doc, credited, roomFor(doc, y + 8, totalsHeight(credited))) + 16;
    notesBlock(
      doc,
      [
        { text: 'Reason: one processor returned' },
        ...taxNoteRows(REVERSE_CHARGE_NOTE, true, 'DE1', 'FR2'),
      ],
      y,
    );
    pageFooters(doc, 'CN-2026-00007');
    doc.end();
    const { text, items } = await extractPdfText(await done);
    for (const expected of [
      'CREDIT NOTE',
      'Credit note number: CN-2026-00007',
      'For invoice: INV-2026-00042',
      'Bill to',
      'Ship to',
      'Description Quantity Unit price Net amount',
      'Subtotal $550',
      'VAT reverse charge 0 % on $550 $0',
      'Total credited $550',
      'Reason: one processor returned',
      'Seller VAT ID: DE1',
      'CN-2026-00007 Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(overlaps(items)).toEqual([]);
  });
});
