import { quoteMessages } from '@shop/shared';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import { membershipOf } from '../../modules/companies/membership.js';
import { findQuote, type QuoteRow } from '../../modules/quotes/store.js';

/*
 * Who may do what with a quote (issue 31 item 5, DESIGN section 9): a quote belongs to its
 * requester's company. Its requester, and a buyer or owner of that company, act on it (write,
 * accept, decline); an approver of the company reads it (they approve what it becomes); a buyer
 * reads only their own; the shop's admins read every quote and write in its thread.
 */

/** How the caller stands to a quote: `acts` on it, only `reads` it, or neither (null). */
export type QuoteStanding = 'admin' | 'acts' | 'reads' | null;

export async function standing(
  db: Db | Tx,
  user: SignedInUser,
  quote: QuoteRow,
): Promise<QuoteStanding> {
  if (quote.userId === user.id) return 'acts';
  if (quote.companyId) {
    const membership = await membershipOf(db, user);
    if (membership?.companyId === quote.companyId) {
      if (membership.role === 'owner') return 'acts';
      if (membership.role === 'approver') return 'reads';
      // A buyer sees the company's quotes only when they asked for them (the first case).
    }
  }
  return user.isAdmin ? 'admin' : null;
}

/** The quote when the caller may read it: 404 when there is none, 403 when it is another's. */
export async function readableQuote(
  db: Db | Tx,
  user: SignedInUser,
  id: string,
): Promise<{ quote: QuoteRow; standing: Exclude<QuoteStanding, null> }> {
  const quote = await findQuote(db, id);
  if (!quote) throw new HttpError(404, quoteMessages.notFound);
  const found = await standing(db, user, quote);
  if (!found) throw new HttpError(403, quoteMessages.notYours);
  return { quote, standing: found };
}

/** Refuses (403) a caller who may read the quote but not act for the buyer's side. */
export function mustAct(found: QuoteStanding): void {
  if (found !== 'acts') throw new HttpError(403, quoteMessages.mayNotAccept);
}
