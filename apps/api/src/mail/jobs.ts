import type { Db, Tx } from '../db/client.js';
import { emailJobs, jobs } from '../db/schema.js';

/**
 * The emails the shop owes its customers, as rows of `email_jobs` written in the transaction of
 * the change they tell about, each with the job that sends it: when the order is on disk, so is
 * its email, and a mail server that is down only delays it (mail/worker.ts sends; the job system
 * of kernel/jobs.ts claims, retries and, after EMAIL_GIVE_UP_HOURS, shows it to an admin).
 */

export const EMAIL_KINDS = [
  'order-placed',
  'payment-receipt',
  'shipped',
  // Company accounts (issue 15).
  'company-invitation',
  'approval-needed',
  // To the buyer: their purchase went for approval (issue 28).
  'purchase-submitted',
  'purchase-approved',
  'purchase-rejected',
  // A credit note to the buyer, its PDF attached (issue 29, docs/decisions/039).
  'credit-note',
  // An invoice on account, due by the company's terms, its PDF attached (issue 30).
  'account-invoice',
  // A reminder before, on and weekly after an invoice's due date (issue 30, decision 050).
  'invoice-reminder',
  // Quotes (issue 31, docs/decisions/052): to the shop's admins, or to the requester.
  'quote-requested',
  'quote-offered',
  'quote-message-to-buyer',
  'quote-message-to-shop',
  'quote-accepted',
  'quote-declined',
  'quote-expiring',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export interface EmailJob {
  kind: EmailKind;
  to: string;
  /** Ids the template reads the rest from when it is sent: `purchaseId`, `orderIds`. */
  payload: Record<string, unknown>;
}

/**
 * Writes the emails and a job to send each (kernel/jobs.ts) in the caller's transaction; call
 * `jobsQueued(db)` after the commit.
 */
export async function enqueueEmail(tx: Db | Tx, job: EmailJob | EmailJob[]): Promise<void> {
  const emails = Array.isArray(job) ? job : [job];
  if (emails.length === 0) return;
  const rows = await tx
    .insert(emailJobs)
    .values(emails)
    .returning({ id: emailJobs.id, kind: emailJobs.kind });
  await tx
    .insert(jobs)
    .values(rows.map((row) => ({ queue: 'email', kind: row.kind, ref: row.id })));
}
