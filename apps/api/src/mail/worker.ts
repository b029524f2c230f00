import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { emailJobs } from '../db/schema.js';
import { runDueJobs, type JobQueue, type RoundResult } from '../kernel/jobs.js';
import type { EmailKind } from './jobs.js';
import type { MailMessage, Mailer } from './message.js';

/**
 * Sends the queued emails (mail/jobs.ts) as jobs of the job system (kernel/jobs.ts): claimed
 * with a lease, so several instances never send one email at the same time and a process that
 * dies mid-send leaves it to be sent again when the lease ends. A failure is logged and retried
 * later, each time waiting longer, up to a few hours: a mail server that is down delays the
 * email but never loses it, and never fails the order.
 */

export type EmailJobRow = typeof emailJobs.$inferSelect;

/** Builds the message of a job from what is stored now; null when there is nothing to tell. */
export type ComposeEmail = (job: {
  kind: EmailKind;
  to: string;
  payload: Record<string, unknown>;
}) => Promise<MailMessage | null>;

export interface MailWorkerOptions {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  compose: ComposeEmail;
}

/** An email that cannot be sent for three days is given up and shown to an admin (Jobs page). */
export const EMAIL_GIVE_UP_HOURS = 72;
/** 30 s, 1 min, 2 min, ... at most 6 hours between attempts. */
export const retryDelaySeconds = (attempts: number) =>
  Math.min(30 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);

/**
 * The job system's queue of emails: a job names its email (`ref`), which is built from what is
 * stored now and sent; the email's row keeps the log (attempts, last error, when it was sent).
 */
export function emailQueue({ db, mailer, compose }: MailWorkerOptions): JobQueue {
  return {
    name: 'email',
    batch: 1,
    // One at a time: longer than an email's PDF and SMTP conversation can take.
    leaseSeconds: 300,
    parallel: false,
    retryDelaySeconds,
    giveUpAfterHours: EMAIL_GIVE_UP_HOURS,
    async run(job) {
      // The email's row counts its own attempts: a retried job's count goes on.
      const [email] = await db
        .select()
        .from(emailJobs)
        .where(eq(emailJobs.id, job.ref ?? ''));
      if (!email || email.sentAt) return;
      try {
        const message = await compose({
          kind: email.kind as EmailKind,
          to: email.to,
          payload: email.payload,
        });
        if (message) await mailer.send(message);
      } catch (error) {
        await db
          .update(emailJobs)
          .set({
            attempts: sql`${emailJobs.attempts} + 1`,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          })
          .where(eq(emailJobs.id, email.id));
        throw error;
      }
      await db
        .update(emailJobs)
        .set({ sentAt: sql`now()`, attempts: sql`${emailJobs.attempts} + 1`, lastError: null })
        .where(eq(emailJobs.id, email.id));
    },
  };
}

/** Sends every email due by `now` (tests pass a later time to see a retry happen). */
export async function sendDueEmails(
  options: MailWorkerOptions,
  now: Date = new Date(),
): Promise<RoundResult> {
  return runDueJobs({ db: options.db, log: options.log, queues: [emailQueue(options)] }, now);
}
