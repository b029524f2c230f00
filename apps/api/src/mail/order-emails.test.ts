import { describe, expect, it } from 'vitest';
import { markup } from '../test-support/hostile-values.js';
import { firstLinkIn } from '../test-support/mail.js';
import {
  EMAIL_LINES_SHOWN,
  orderPlacedEmail,
  paymentReceiptEmail,
  shippedEmail,
  type PurchaseEmailData,
} from './order-emails.js';
import { REVERSE_CHARGE_NOTE, trackingUrl } from '@shop/shared';

const PURCHASE_URL = 'https://shop.example/dashboard/purchases/PW-000123';

const purchase = (changes: Partial<PurchaseEmailData> = {}): PurchaseEmailData => ({
  shopName: 'PartsWorks',
  to: 'pat@acme.example',
  customerName: 'Pat Buyer',
  purchaseNumber: 'PW-000123',
  poNumber: 'PO-7781',
  company: 'Acme Corp',
  lines: [
    // Cents, as the database keeps every amount; the last line costs $89.50 a piece.
    { productName: 'Ryzen 9 7950X processor', quantity: 10, unitPrice: 55_000, total: 550_000 },
    { productName: 'DDR5-6000 32 GB memory kit', quantity: 1, unitPrice: 950_000, total: 950_000 },
    { productName: 'NVMe SSD 2 TB', quantity: 64, unitPrice: 20_000, total: 1_280_000 },
    { productName: 'SFP+ cable 3 m', quantity: 3, unitPrice: 8950, total: 26_850 },
  ],
  total: 2_995_560,
  totals: {
    subtotal: 2_806_850,
    shipping: 12_500,
    shippingMethod: 'UPS Ground',
    taxLines: [{ name: 'Sales tax IL 6.25 %', amount: 176_210 }],
    total: 2_995_560,
    currency: 'USD',
    taxNote: null,
  },
  purchaseUrl: PURCHASE_URL,
  ...changes,
});

/** A French company's purchase from a German seller: no VAT, the reverse-charge wording. */
const reverseCharged = (): Partial<PurchaseEmailData> => ({
  total: 2_819_350,
  totals: {
    subtotal: 2_806_850,
    shipping: 12_500,
    shippingMethod: 'DHL Express',
    taxLines: [{ name: 'VAT reverse charge 0 %', amount: 0 }],
    total: 2_819_350,
    currency: 'USD',
    taxNote: REVERSE_CHARGE_NOTE,
  },
});

/** How React writes a value into an attribute: `&` becomes `&amp;`. */
const href = (url: string) => `href="${url.replaceAll('&', '&amp;')}"`;

describe('the order placed email', () => {
  const placed = (changes: Partial<PurchaseEmailData> = {}, holdExpiresAt: Date | null = null) =>
    orderPlacedEmail({ ...purchase(changes), holdExpiresAt });

  it('lists the lines, subtotal, shipping, tax and total and leads to the Pay link', async () => {
    const mail = await placed({}, new Date('2026-03-05T14:30:00Z'));
    expect(mail.to).toBe('pat@acme.example');
    expect(mail.subject).toBe('Order PW-000123 received');
    expect(mail.text).toContain('Hello Pat Buyer,');
    expect(mail.text).toContain(
      'Purchase number: PW-000123\nPO number: PO-7781\nCompany: Acme Corp',
    );
    expect(mail.text).toContain(
      [
        '- Ryzen 9 7950X processor: 10 pieces at $550 each, $5,500',
        '- DDR5-6000 32 GB memory kit: 1 piece at $9,500 each, $9,500',
        '- NVMe SSD 2 TB: 64 pieces at $200 each, $12,800',
        '- SFP+ cable 3 m: 3 pieces at $89.50 each, $268.50',
        '',
        'Subtotal: $28,068.50',
        'Shipping (UPS Ground): $125',
        'Sales tax IL 6.25 %: $1,762.10',
        'Total: $29,955.60 (USD)',
      ].join('\n'),
    );
    expect(mail.html).toContain('Order PW-000123: $29,955.60.');
    expect(mail.text).toContain(`Pay now:\n${PURCHASE_URL}\n`);
    expect(firstLinkIn(mail.text).href).toBe(PURCHASE_URL);
    expect(mail.link).toBe(PURCHASE_URL);
    expect(mail.text).toContain(
      'We hold the pieces for you until Mar 5, 2026, 2:30 PM UTC. Lines still unpaid then are released',
    );
    expect(mail.html).toContain(href(PURCHASE_URL));
    expect(mail.html).toContain('Pay now');
    expect(mail.html).toContain('Ryzen 9 7950X processor');
    for (const cell of [
      '>Subtotal</td>',
      '>$28,068.50</td>',
      '>Shipping (UPS Ground)</td>',
      '>$125</td>',
      '>Sales tax IL 6.25 %</td>',
      '>$1,762.10</td>',
      '>$29,955.60 (USD)</th>',
    ]) {
      expect(mail.html).toContain(cell);
    }
    expect(mail.html).not.toContain('Reverse charge');
    expect(mail.attachments).toBeUndefined();
  });

  it('of a 2,000-line purchase lists the first 50 lines, says how many more, and keeps the totals whole', async () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => ({
      productName: `Bulk part ${i + 1}`,
      quantity: 1,
      unitPrice: 1_000,
      total: 1_000,
    }));
    const mail = await placed({ lines });
    expect(EMAIL_LINES_SHOWN).toBe(50);
    expect(mail.html).toContain('>Bulk part 50</td>');
    expect(mail.html).not.toContain('>Bulk part 51</td>');
    expect(mail.text).toContain('- Bulk part 50:');
    expect(mail.text).not.toContain('- Bulk part 51:');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('and 1,950 more lines, listed on the purchase page');
      expect(part).toContain('$29,955.60 (USD)');
    }
    expect(mail.text).toContain('- Bulk part 50: 1 piece at $10 each, $10\n- and 1,950 more lines');
    expect(mail.text).toContain(`Pay now:\n${PURCHASE_URL}\n`);
    // Well under the 102 KB past which Gmail cuts a message off.
    expect(mail.html.length).toBeLessThan(60_000);
  });

  it('under reverse charge shows the 0 % VAT line and the Art. 196 wording', async () => {
    const mail = await placed(reverseCharged());
    expect(mail.text).toContain(
      [
        'Shipping (DHL Express): $125',
        'VAT reverse charge 0 %: $0',
        'Total: $28,193.50 (USD)',
        '',
        REVERSE_CHARGE_NOTE,
      ].join('\n'),
    );
    expect(mail.html).toContain(REVERSE_CHARGE_NOTE);
  });

  it('names the shipping alone when the purchase has no method, and no tax line when none', async () => {
    const mail = await placed({
      total: 2_806_850,
      totals: {
        subtotal: 2_806_850,
        shipping: 0,
        shippingMethod: null,
        taxLines: [],
        total: 2_806_850,
        currency: 'USD',
        taxNote: null,
      },
    });
    expect(mail.text).toContain('Subtotal: $28,068.50\nShipping: $0\nTotal: $28,068.50 (USD)');
  });

  it('says nothing of a hold, a PO number or a company it does not have', async () => {
    const mail = await placed({ poNumber: null, company: null });
    expect(mail.text).not.toMatch(/We hold|PO number|Company/);
    expect(mail.html).not.toMatch(/We hold|PO number|Company/);
  });
});

describe('the payment receipt email', () => {
  const invoicePdf = Buffer.from('%PDF-1.3\nthe invoice\n');
  const receipt = () =>
    paymentReceiptEmail({
      ...purchase(),
      invoiceNumber: 'INV-2026-00042',
      paidAt: new Date('2026-03-04T09:15:00Z'),
      invoicePdf,
    });

  it('names the payment and the invoice and attaches the invoice PDF', async () => {
    const mail = await receipt();
    expect(mail.subject).toBe('Payment received for PW-000123 (invoice INV-2026-00042)');
    expect(mail.text).toContain('We received your payment of $29,955.60 for order PW-000123.');
    expect(mail.text).toContain('Invoice number: INV-2026-00042\nPaid on: Mar 4, 2026');
    expect(mail.text).toContain('- NVMe SSD 2 TB: 64 pieces at $200 each, $12,800');
    expect(mail.text).toContain(
      'Subtotal: $28,068.50\nShipping (UPS Ground): $125\nSales tax IL 6.25 %: $1,762.10\n' +
        'Total: $29,955.60 (USD)',
    );
    expect(mail.text).toContain(`View your order:\n${PURCHASE_URL}\n`);
    expect(mail.html).toContain(href(PURCHASE_URL));
    expect(mail.html).toContain('INV-2026-00042');
    expect(mail.attachments).toEqual([
      { filename: 'INV-2026-00042.pdf', content: invoicePdf, contentType: 'application/pdf' },
    ]);
  });
});

describe('the shipped email', () => {
  const UPS = trackingUrl('UPS', '1Z999AA10123456784') ?? '';
  const shipped = (
    tracking: { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null },
    changes: Partial<PurchaseEmailData> = {},
  ) => {
    const data = purchase(changes);
    return shippedEmail({ ...data, shippedLines: data.lines.slice(0, 2), ...tracking });
  };

  it('lists what shipped, the carrier and tracking number, and links to the tracking page', async () => {
    const mail = await shipped({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: UPS,
    });
    expect(mail.subject).toBe('PW-000123 has shipped');
    expect(mail.text).toContain(
      '- Ryzen 9 7950X processor: 10 pieces\n- DDR5-6000 32 GB memory kit: 1 piece\n',
    );
    expect(mail.text).not.toContain('NVMe SSD 2 TB');
    expect(mail.text).toContain('Carrier: UPS\nTracking number: 1Z999AA10123456784');
    expect(mail.text).toContain(`Track your shipment:\n${UPS}\n`);
    expect(mail.text).toContain(`View your order:\n${PURCHASE_URL}\n`);
    expect(mail.link).toBe(UPS);
    expect(mail.html).toContain(href(UPS));
    expect(mail.html).toContain(href(PURCHASE_URL));
    expect(mail.html).toContain('1Z999AA10123456784');
  });

  it('without tracking details links to the order only', async () => {
    const mail = await shipped({ carrier: null, trackingNumber: null, trackingUrl: null });
    expect(mail.text).not.toMatch(/Carrier|Tracking number|Track your shipment/);
    expect(mail.link).toBe(PURCHASE_URL);
    expect(firstLinkIn(mail.text).href).toBe(PURCHASE_URL);
  });

  it('never makes a link of a URL that is not a web page', async () => {
    const mail = await shipped({
      carrier: 'Acme Couriers',
      trackingNumber: 'AC-1',
      trackingUrl: 'javascript:alert(1)',
    });
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).not.toContain('javascript:');
    expect(mail.text).toContain('Carrier: Acme Couriers\nTracking number: AC-1');
    expect(mail.link).toBe(PURCHASE_URL);
  });
});

describe('every order email', () => {
  const [script, img, svg] = markup as [string, string, string];
  const hostile = purchase({
    customerName: img,
    company: svg,
    poNumber: `${script}&`,
    lines: [{ productName: script, quantity: 2, unitPrice: 500, total: 1000 }],
    total: 1000,
  });
  const emails = {
    placed: () => orderPlacedEmail({ ...hostile, holdExpiresAt: null }),
    receipt: () =>
      paymentReceiptEmail({
        ...hostile,
        invoiceNumber: 'INV-2026-00042',
        paidAt: new Date('2026-03-04T09:15:00Z'),
        invoicePdf: Buffer.from('%PDF-1.3\n'),
      }),
    shipped: () =>
      shippedEmail({
        ...hostile,
        shippedLines: hostile.lines,
        carrier: script,
        trackingNumber: img,
        trackingUrl: null,
      }),
  };

  it.each(Object.entries(emails))(
    'escapes what customers typed in its HTML (%s)',
    async (_, make) => {
      const mail = await make();
      for (const value of [script, img, svg]) expect(mail.html).not.toContain(value);
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      // The plain text part is not HTML: it shows what was typed as it was typed.
      expect(mail.text).toContain(`- ${script}: 2 pieces`);
      expect(mail.text).toContain(`Hello ${img},`);
    },
  );
});
