import { REVERSE_CHARGE_NOTE } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../test-support/pdf-text.js';
import { renderCreditNotePdf, type CreditNoteData } from './credit-note-pdf.js';

const note = (changes: Partial<CreditNoteData> = {}): CreditNoteData => ({
  number: 'CN-2026-00007',
  issuedAt: new Date('2026-03-10T10:00:00Z'),
  invoiceNumber: 'INV-2026-00042',
  invoicedAt: new Date('2026-03-04T10:00:00Z'),
  purchaseNumber: 'PW-000123',
  poNumber: 'PO-7781',
  seller: {
    name: 'Teilewerk GmbH',
    address: 'Werkstrasse 1\n80331 Muenchen',
    taxId: 'DE123456789',
  },
  buyer: {
    name: 'Acme BV',
    company: 'Acme BV',
    contactName: 'Pat Buyer',
    email: 'pat@acme.example',
    address: 'Keizersgracht 1\n1015 CJ Amsterdam',
    taxId: 'NL123456789B01',
  },
  lines: [{ description: 'Ryzen 9 7950X processor', quantity: 2, unitPrice: 55_000, net: 110_000 }],
  subtotal: 110_000,
  shipping: 1_250,
  tax: 0,
  total: 111_250,
  taxName: null,
  taxNote: REVERSE_CHARGE_NOTE,
  reason: 'Returned unopened',
  refundText: 'The total credited was refunded to the card that paid the invoice.',
  testPayment: false,
  ...changes,
});

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the credit note PDF', () => {
  it('names itself and its invoice, both tax ids, the amounts, the reason and the reverse charge', async () => {
    const { text } = await extractPdfText(await renderCreditNotePdf(note()));
    for (const expected of [
      'CREDIT NOTE',
      'Credit note CN-2026-00007',
      'for invoice INV-2026-00042',
      'Tax ID: DE123456789',
      'Tax ID: NL123456789B01',
      'Purchase number: PW-000123',
      'PO number: PO-7781',
      'Ryzen 9 7950X processor 2 $550 $1,100',
      'Subtotal $1,100',
      'Shipping $12.50',
      'Tax $0',
      'Total credited $1,112.50',
      'Returned unopened',
      REVERSE_CHARGE_NOTE,
      'Page 1 of 1',
    ]) {
      expect(flat(text)).toContain(expected);
    }
  });

  it('names the tax line and marks a test payment', async () => {
    const { text } = await extractPdfText(
      await renderCreditNotePdf(
        note({
          tax: 20_900,
          total: 130_900,
          taxName: 'VAT DE 19 %',
          taxNote: null,
          testPayment: true,
        }),
      ),
    );
    expect(flat(text)).toContain('Tax (VAT DE 19 %) $209');
    expect(text).toContain('TEST PAYMENT - no money was taken');
    expect(text).not.toContain('Reverse charge');
  });

  it('runs over several pages with the footer on each', async () => {
    const lines = Array.from({ length: 80 }, (_, n) => ({
      description: `Part ${n + 1}`,
      quantity: 1,
      unitPrice: 100,
      net: 100,
    }));
    const { pages } = await extractPdfText(await renderCreditNotePdf(note({ lines })));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain('Total credited');
    for (const [index, page] of pages.entries()) {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    }
  });
});
