import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { emailJobs } from '../db/schema.js';
import { onEmailsQueued, type EmailKind } from './jobs.js';
import type { MailMessage, Mailer } from './message.js';

/**
 * Sends the queued emails (mail/jobs.ts). A job is claimed with a lease (its next attempt moved
 * LEASE_SECONDS ahead, FOR UPDATE SKIP LOCKED), so several instances never send one job at the
 * same time, and a process that dies mid-send leaves the job to be sent again when the lease
 * ends. A failure is logged and retried later, each time waiting longer, up to a few hours: a
 * mail server that is down delays the email but never loses it, and never fails the order.
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

const BATCH = 20;
const LEASE_SECONDS = 300;
/** 30 s, 1 min, 2 min, ... at most 6 hours between attempts. */
export const retryDelaySeconds = (attempts: number) =>
  Math.min(30 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);

async function claim(db: Db, now: Date): Promise<EmailJobRow[]> {
  const due = db
    .select({ id: emailJobs.id })
    .from(emailJobs)
    .where(and(isNull(emailJobs.sentAt), lte(emailJobs.nextAttemptAt, now)))
    .orderBy(asc(emailJobs.seq))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(emailJobs)
    .set({
      nextAttemptAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(sql`${emailJobs.id} in ${due}`)
    .returning();
}

export interface SendResult {
  sent: number;
  failed: number;
}

/** Sends every job due by `now` (tests pass a later time to see a retry happen). */
export async function sendDueEmails(
  { db, mailer, log, compose }: MailWorkerOptions,
  now: Date = new Date(),
): Promise<SendResult> {
  const result: SendResult = { sent: 0, failed: 0 };
  const seen = new Set<string>();
  for (;;) {
    const jobs = (await claim(db, now)).filter((job) => !seen.has(job.id));
    if (jobs.length === 0) break;
    for (const job of jobs) {
      seen.add(job.id);
      try {
        const message = await compose({
          kind: job.kind as EmailKind,
          to: job.to,
          payload: job.payload,
        });
        if (message) await mailer.send(message);
        await db
          .update(emailJobs)
          .set({ sentAt: sql`now()`, attempts: job.attempts + 1, lastError: null })
          .where(eq(emailJobs.id, job.id));
        result.sent += 1;
      } catch (error) {
        const attempts = job.attempts + 1;
        const delay = retryDelaySeconds(attempts);
        await db
          .update(emailJobs)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
            nextAttemptAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${delay})`,
          })
          .where(eq(emailJobs.id, job.id));
        result.failed += 1;
        log.error(
          { err: error, jobId: job.id, kind: job.kind, attempts, retryInSeconds: delay },
          'could not send an email; it will be retried',
        );
      }
    }
  }
  return result;
}

export interface MailWorker {
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/**
 * Sends at once when a change queues an email (same process), and every `intervalSeconds` for
 * retries and for jobs queued by other instances. The timer never keeps the process alive.
 */
export function startMailWorker(options: MailWorkerOptions, intervalSeconds: number): MailWorker {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = sendDueEmails(options)
      .catch((error: unknown) => options.log.error({ err: error }, 'email round failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const stopListening = onEmailsQueued(options.db, run);
  const timer = setInterval(run, intervalSeconds * 1000);
  timer.unref();
  run();
  return {
    async stop() {
      stopped = true;
      stopListening();
      clearInterval(timer);
      while (running) await running;
    },
  };
}
