import { quotePagePath } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema.js';
import type { EmailKind } from '../../mail/jobs.js';
import type { MailMessage } from '../../mail/message.js';
import type { QuoteEmailKind } from '../../mail/quote-emails.js';
import { findQuote, messagesOf, offerSubtotal, versionOf } from '../../modules/quotes/store.js';

/** Builds a quote's email when the mail worker sends it, from the quote as it is then. */

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
