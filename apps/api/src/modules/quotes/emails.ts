import type { Tx } from '../../db/client.js';
import { adminEmails } from '../../kernel/people.js';
import { enqueueEmail, type EmailKind } from '../../mail/jobs.js';
import type { QuoteEmailKind } from '../../mail/quote-emails.js';
import type { QuoteRow } from './store.js';

/*
 * The quotes' emails (issue 31 item 2): queued in the transaction of the step they tell about
 * (mail/jobs.ts) and built when the mail worker sends them (workflows/quotes/emails.ts). The
 * shop's side goes to every admin in force; the buyer's to the requester.
 */

export const QUOTE_EMAIL_KINDS: ReadonlySet<EmailKind> = new Set<QuoteEmailKind>([
  'quote-requested',
  'quote-offered',
  'quote-message-to-buyer',
  'quote-message-to-shop',
  'quote-accepted',
  'quote-declined',
  'quote-expiring',
]);

const TO_SHOP: ReadonlySet<QuoteEmailKind> = new Set([
  'quote-requested',
  'quote-message-to-shop',
  'quote-accepted',
  'quote-declined',
]);

export async function enqueueQuoteEmail(
  tx: Tx,
  kind: QuoteEmailKind,
  quote: Pick<QuoteRow, 'id' | 'email'>,
  extra: { purchaseNumber?: string } = {},
): Promise<void> {
  const to = TO_SHOP.has(kind) ? await adminEmails(tx) : [quote.email];
  await enqueueEmail(
    tx,
    to.map((address) => ({ kind, to: address, payload: { quoteId: quote.id, ...extra } })),
  );
}
