import { jobMessages, type Job, type JobList, type JobQuery } from '@shop/shared';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../../kernel/audit.js';

/** The job system as an admin sees it (decision 056): failures, and retrying a failed job. */

export type JobRow = typeof jobs.$inferSelect;

function toJob(row: JobRow): Job {
  return {
    _id: row.id,
    queue: row.queue,
    kind: row.kind,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    runAt: row.state === 'pending' ? row.runAt.toISOString() : null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The admin's Jobs page: failed jobs, or those failing and waiting to be tried again. */
export async function listJobs(db: Db, { state, page, limit }: JobQuery): Promise<JobList> {
  const where =
    state === 'failed'
      ? eq(jobs.state, 'failed')
      : and(eq(jobs.state, 'pending'), isNotNull(jobs.lastError));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.seq))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { items: rows.map(toJob), total: total?.n ?? 0, page, limit };
}

/**
 * Runs a failed job again now with a new window of retries (its attempts counted on), audited
 * with the error it failed with. Call `jobsQueued(db)` after.
 */
export async function retryJob(db: Db, actor: AuditActor, id: string): Promise<Job> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
    if (!row) throw new HttpError(404, jobMessages.notFound);
    if (row.state !== 'failed') throw new HttpError(409, jobMessages.notFailed);
    const [retried] = await tx
      .update(jobs)
      .set({ state: 'pending', runAt: sql`now()`, triesFrom: sql`now()`, finishedAt: null })
      .where(eq(jobs.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'job.retry',
      targetType: 'job',
      targetId: row.id,
      targetLabel: `${row.queue} ${row.kind}`,
      details: {
        queue: row.queue,
        kind: row.kind,
        attempts: row.attempts,
        lastError: row.lastError,
      },
    });
    return toJob(retried!);
  });
}
