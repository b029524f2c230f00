import type { MailMessage } from './message.js';
import { linkTo, money, renderEmail, type Block, type EmailLine } from './order-emails.js';

/** The quotes' emails (issue 31, docs/decisions/052), drawn like the order emails. */

export type QuoteEmailKind =
  | 'quote-requested'
  | 'quote-offered'
  | 'quote-message-to-buyer'
  | 'quote-message-to-shop'
  | 'quote-accepted'
  | 'quote-declined'
  | 'quote-expiring';

export interface QuoteEmailData {
  shopName: string;
  to: string;
  kind: QuoteEmailKind;
  quoteNumber: string;
  requester: string;
  company: string | null;
  /** The latest offer (cents), for the emails about one; null otherwise. */
  offer: { lines: EmailLine[]; subtotal: number; expiresOn: string; note: string | null } | null;
  /** The last message of the thread, for the emails about one. */
  message: { author: string; text: string } | null;
  /** The purchase it became, for the acceptance. */
  purchaseNumber: string | null;
  /** The quote's page, an absolute URL. */
  url: string;
}

const SUBJECTS: Record<QuoteEmailKind, (d: QuoteEmailData) => string> = {
  'quote-requested': (d) => `Quote ${d.quoteNumber} requested by ${d.company ?? d.requester}`,
  'quote-offered': (d) => `Our offer for quote ${d.quoteNumber}`,
  'quote-message-to-buyer': (d) => `A message about quote ${d.quoteNumber}`,
  'quote-message-to-shop': (d) => `${d.company ?? d.requester} wrote about quote ${d.quoteNumber}`,
  'quote-accepted': (d) => `Quote ${d.quoteNumber} accepted: purchase ${d.purchaseNumber ?? ''}`,
  'quote-declined': (d) => `Quote ${d.quoteNumber} declined by ${d.company ?? d.requester}`,
  'quote-expiring': (d) => `The offer for quote ${d.quoteNumber} expires on ${d.offer?.expiresOn}`,
};

function opening(d: QuoteEmailData): string {
  const who = d.company ? `${d.requester} of ${d.company}` : d.requester;
  switch (d.kind) {
    case 'quote-requested':
      return `${who} asks for a quote (${d.quoteNumber}). Open it to offer prices.`;
    case 'quote-offered':
      return `We have made an offer for your quote ${d.quoteNumber}. Accept it before it expires to order at these prices; shipping and tax are added when you accept.`;
    case 'quote-message-to-buyer':
      return `We wrote about your quote ${d.quoteNumber}.`;
    case 'quote-message-to-shop':
      return `${who} wrote about quote ${d.quoteNumber}.`;
    case 'quote-accepted':
      return `${who} accepted the offer for quote ${d.quoteNumber}: it became purchase ${d.purchaseNumber ?? ''}.`;
    case 'quote-declined':
      return `${who} declined quote ${d.quoteNumber}: it is closed.`;
    case 'quote-expiring':
      return `The offer for your quote ${d.quoteNumber} expires on ${d.offer?.expiresOn}. Accept it before then to order at these prices.`;
  }
}

export function quoteEmail(d: QuoteEmailData): Promise<MailMessage> {
  const blocks: Block[] = [
    { kind: 'paragraph', text: 'Hello,' },
    { kind: 'paragraph', text: opening(d) },
  ];
  if (d.message) {
    blocks.push({ kind: 'facts', rows: [['From', d.message.author]] });
    blocks.push({ kind: 'paragraph', text: d.message.text });
  }
  if (d.offer && (d.kind === 'quote-offered' || d.kind === 'quote-expiring')) {
    blocks.push({ kind: 'lines', lines: d.offer.lines, total: d.offer.subtotal, prices: true });
    blocks.push({
      kind: 'facts',
      rows: [
        ['Subtotal', money.format(d.offer.subtotal)],
        ['Valid until', d.offer.expiresOn],
      ],
    });
    if (d.offer.note) blocks.push({ kind: 'paragraph', text: d.offer.note });
  }
  blocks.push(...linkTo('button', `Open quote ${d.quoteNumber}`, d.url));
  return renderEmail(
    d.to,
    SUBJECTS[d.kind](d),
    { shopName: d.shopName, preview: opening(d), blocks },
    { link: d.url },
  );
}
