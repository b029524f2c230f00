import { quotePagePath } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companies } from '../../db/schema.js';
import { enqueueEmail, type EmailKind } from '../../mail/jobs.js';
import type { MailMessage } from '../../mail/message.js';
import type { QuoteEmailKind } from '../../mail/quote-emails.js';
import {
  findQuote,
  messagesOf,
  offerSubtotal,
  versionOf,
  type QuoteRow,
} from '../../modules/quotes/store.js';
import { adminEmails } from '../../modules/users/service.js';

/*
 * The quotes' emails (issue 31 item 2): queued in the transaction of the step they tell about
 * (mail/jobs.ts), built when the mail worker sends them from the quote as it is then. The
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

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** The mail worker's `compose` for the quotes' emails. */
export function composeQuoteEmail(db: Db, settings: { shopName: string; publicUrl: string }) {
  return async (job: {
    kind: EmailKind;
    to: string;
    payload: Record<string, unknown>;
  }): Promise<MailMessage | null> => {
    const { quoteEmail } = await import('../../mail/quote-emails.js');
    const quoteId = typeof job.payload.quoteId === 'string' ? job.payload.quoteId : null;
    const quote = quoteId ? await findQuote(db, quoteId) : null;
    if (!quote) return null;
    const kind = job.kind as QuoteEmailKind;
    const [version, thread, [company]] = await Promise.all([
      quote.latestVersion > 0 ? versionOf(db, quote.id, quote.latestVersion) : null,
      kind.startsWith('quote-message') ? messagesOf(db, quote.id) : [],
      quote.companyId
        ? db
            .select({ name: companies.name })
            .from(companies)
            .where(eq(companies.id, quote.companyId))
        : [],
    ]);
    const last = thread.at(-1);
    return quoteEmail({
      shopName: settings.shopName,
      to: job.to,
      kind,
      quoteNumber: quote.number,
      requester: quote.name,
      company: company?.name ?? null,
      offer: version
        ? {
            lines: version.lines.map((line) => ({
              productName: line.productName,
              quantity: line.quantity,
              unitPrice: line.unitPrice,
              total: line.quantity * line.unitPrice,
            })),
            subtotal: offerSubtotal(version.lines),
            expiresOn: day.format(version.expiresAt),
            note: version.note,
          }
        : null,
      message: last ? { author: last.author, text: last.text } : null,
      purchaseNumber:
        typeof job.payload.purchaseNumber === 'string' ? job.payload.purchaseNumber : null,
      url: new URL(quotePagePath(quote.id), settings.publicUrl).toString(),
    });
  };
}
