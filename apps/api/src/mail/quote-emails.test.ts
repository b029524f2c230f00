import { describe, expect, it } from 'vitest';
import { quoteEmail, type QuoteEmailData, type QuoteEmailKind } from './quote-emails.js';

const common: Omit<QuoteEmailData, 'kind' | 'to'> = {
  shopName: 'PartsWorks',
  quoteNumber: 'Q-2026-00042',
  requester: 'Bea Buyer',
  company: 'Northwind GmbH',
  offer: {
    lines: [
      { productName: 'Enterprise SSD 3.84TB', quantity: 200, unitPrice: 33_550, total: 6_710_000 },
    ],
    subtotal: 6_710_000,
    expiresOn: 'Dec 12, 2026',
    note: 'Held for the Q3 build.',
  },
  message: { author: 'Bea Buyer <bea@northwind.example>', text: 'Can you do $330?' },
  purchaseNumber: 'PW-000777',
  url: 'https://shop.example/dashboard/quotes/7f0c',
};

/** Each kind: its subject and the words its text must carry. */
const expected: Record<QuoteEmailKind, { subject: string; says: string[] }> = {
  'quote-requested': {
    subject: 'Quote Q-2026-00042 requested by Northwind GmbH',
    says: ['Bea Buyer of Northwind GmbH asks for a quote (Q-2026-00042)'],
  },
  'quote-offered': {
    subject: 'Our offer for quote Q-2026-00042',
    says: [
      'Enterprise SSD 3.84TB',
      '$335.50',
      '$67,100',
      'Valid until: Dec 12, 2026',
      'Held for the Q3 build.',
    ],
  },
  'quote-message-to-buyer': {
    subject: 'A message about quote Q-2026-00042',
    says: ['Can you do $330?'],
  },
  'quote-message-to-shop': {
    subject: 'Northwind GmbH wrote about quote Q-2026-00042',
    says: ['From: Bea Buyer <bea@northwind.example>', 'Can you do $330?'],
  },
  'quote-accepted': {
    subject: 'Quote Q-2026-00042 accepted: purchase PW-000777',
    says: ['it became purchase PW-000777'],
  },
  'quote-declined': {
    subject: 'Quote Q-2026-00042 declined by Northwind GmbH',
    says: ['Bea Buyer of Northwind GmbH declined quote Q-2026-00042'],
  },
  'quote-expiring': {
    subject: 'The offer for quote Q-2026-00042 expires on Dec 12, 2026',
    says: ['Accept it before then', '$67,100'],
  },
};

describe('the quote emails', () => {
  it.each(Object.entries(expected))(
    '%s says what it is about and links the quote',
    async (kind, want) => {
      const mail = await quoteEmail({
        ...common,
        kind: kind as QuoteEmailKind,
        to: 'x@example.com',
      });
      expect(mail.subject).toBe(want.subject);
      for (const words of want.says) expect(mail.text).toContain(words);
      expect(mail.text).toContain(common.url);
      expect(mail.link).toBe(common.url);
    },
  );
});
