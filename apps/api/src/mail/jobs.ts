import type { Db } from '../db/client.js';
import { emailJobs } from '../db/schema.js';

/**
 * The emails the shop owes its customers, as rows of `email_jobs` written in the transaction of
 * the change they tell about: when the order is on disk, so is its email, and a mail server that
 * is down only delays it (mail/worker.ts sends and retries).
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

// The worker of each database handle, woken when a job is written so mail goes out at once
// instead of at the next poll.
const wakers = new WeakMap<Db, () => void>();

export async function enqueueEmail(tx: Db, job: EmailJob | EmailJob[]): Promise<void> {
  const jobs = Array.isArray(job) ? job : [job];
  if (jobs.length > 0) await tx.insert(emailJobs).values(jobs);
}

/** Wakes the worker of `db` (call after the transaction that enqueued has committed). */
export function emailsQueued(db: Db): void {
  wakers.get(db)?.();
}

export function onEmailsQueued(db: Db, wake: () => void): () => void {
  wakers.set(db, wake);
  return () => {
    if (wakers.get(db) === wake) wakers.delete(db);
  };
}
