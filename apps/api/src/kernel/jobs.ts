import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { jobs } from '../db/schema.js';
import { outsideRequests } from './traces.js';

/*
 * The shop's one job system (issue 32 item 4, docs/decisions/056): emails, webhook deliveries
 * and the recurring tasks (holds and approvals that run out, invoice reminders and overdue
 * notices, quote expiries) are rows of `jobs` on the shop's own database, PGlite or PostgreSQL.
 *
 * - A job is written in the transaction of the change it follows (enqueueEmail, emitEvents):
 *   when the change is acknowledged, so is its job; a rolled-back change leaves none.
 * - A runner claims due jobs with a lease (FOR UPDATE SKIP LOCKED; `run_at` moved to the lease's
 *   end, the claim counted), so several instances never run one job at once, and a job whose
 *   instance dies is run again when its lease ends: done or retried, never lost.
 * - A job that throws is tried again after its queue's backoff, and given up as `failed` once
 *   its queue's window has passed; an admin sees failed jobs and retries them
 *   (workflows/jobs/admin.ts).
 * - Jobs of a queue that share an `order_key` run one at a time, in the order written (one
 *   purchase's webhook deliveries to one receiver).
 * - A recurring task has one pending occurrence in the whole database (a unique index), which
 *   writes the next as it finishes: every instance may run the schedule, one runs each tick.
 */

export type JobState = 'pending' | 'done' | 'failed';

/** What a handler is given of the job it runs. */
export interface ClaimedJob {
  id: string;
  kind: string;
  ref: string | null;
  /** Claims so far, this one included. */
  attempts: number;
  /** Where its window of retries started (written, or retried by an admin). */
  triesFrom: Date;
}

export interface Attempt {
  /** The round's time (tests pass a later one to see a retry come due). */
  now: Date;
  /** When the job runs again if this attempt fails. */
  retryAt: Date;
  /** This attempt failing gives the job up as failed. */
  last: boolean;
}

/** An occurrence of a recurring task; `latest`: written at start, the latest it may wait to. */
export interface Occurrence {
  kind: string;
  runAt: Date;
  latest?: Date;
}

export interface JobQueue {
  name: string;
  /** Jobs claimed at a time by a parallel queue (a sequential one claims one at a time). */
  batch: number;
  /** How long a claim holds its jobs: longer than they can take. */
  leaseSeconds: number;
  /** Run a batch's jobs at once (requests to many receivers) or one after another. */
  parallel: boolean;
  /** Seconds to wait after the `attempts`th failed attempt of `job`. */
  retryDelaySeconds(attempts: number, job: ClaimedJob): number;
  /** Hours after its tries began when a failing job is given up; none: tried until it works. */
  giveUpAfterHours?: number;
  /** Does the job's work; throws to have it tried again. */
  run(job: ClaimedJob, attempt: Attempt): Promise<void>;
  /** A recurring job's next time once it is done (null: it does not recur). */
  next?(job: ClaimedJob, now: Date): Date | null;
  /** Written when a runner starts: a recurring queue's first occurrences. */
  initial?(): Occurrence[];
}

// The runner of each database handle, woken when a job is written so it runs at once instead of
// at the next poll.
const wakers = new WeakMap<Db, () => void>();

/**
 * Wakes this process's runner (call after the transaction that wrote jobs has committed). The
 * round it starts is no request's own: it stays out of the waking request's trace (decision 059).
 */
export const jobsQueued = (db: Db): void => {
  const wake = wakers.get(db);
  if (wake) outsideRequests(wake);
};

function onJobsQueued(db: Db, wake: () => void): () => void {
  wakers.set(db, wake);
  return () => {
    if (wakers.get(db) === wake) wakers.delete(db);
  };
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

async function claim(db: Db, queue: JobQueue, now: Date): Promise<ClaimedJob[]> {
  const at = now.toISOString();
  // A sequential queue takes one job a claim: its lease covers the one job it is running.
  const batch = queue.parallel ? queue.batch : 1;
  const result = await db.execute(sql`
    with due as (
      select j.id from ${jobs} j
      -- Due by the caller's time or the database's, whichever is later: a row written this
      -- millisecond is due although a JavaScript date keeps no microseconds. Not while another
      -- runner's lease on it lasts.
      where j.queue = ${queue.name} and j.state = 'pending'
        and j.run_at <= greatest(${at}::timestamptz, now())
        and (j.leased_until is null or j.leased_until <= greatest(${at}::timestamptz, now()))
        -- One job of a key at a time, in order: none earlier still pending, none other running.
        and (j.order_key is null or not exists (
          select 1 from ${jobs} p
          where p.queue = j.queue and p.order_key = j.order_key and p.state = 'pending'
            and p.id <> j.id
            and (p.seq < j.seq or p.leased_until > greatest(${at}::timestamptz, now()))
        ))
      order by j.run_at, j.seq
      limit ${batch}
      for update of j skip locked
    )
    update ${jobs} j
    -- The lease runs from the claim, not from the round's start: a long round's claims are not
    -- born expired (another instance would run them at the same time).
    set leased_until = greatest(${at}::timestamptz, now())
          + make_interval(secs => ${queue.leaseSeconds}),
        attempts = j.attempts + 1
    from due
    where j.id = due.id
    returning j.id, j.kind, j.ref, j.attempts, j.tries_from
  `);
  return rowsOf<{
    id: string;
    kind: string;
    ref: string | null;
    attempts: number;
    tries_from: string | Date;
  }>(result).map((row) => ({
    id: row.id,
    kind: row.kind,
    ref: row.ref,
    attempts: Number(row.attempts),
    triesFrom: new Date(row.tries_from),
  }));
}

export interface RoundResult {
  done: number;
  failed: number;
}

/**
 * The claim a runner's writes are fenced by: the job as this runner claimed it. A runner whose
 * lease ran out, and whose job another runner claimed since, changes nothing.
 */
const stillMine = (job: ClaimedJob) =>
  sql`id = ${job.id} and state = 'pending' and attempts = ${job.attempts}`;

async function runOne(
  { db, log }: { db: Db; log: FastifyBaseLogger },
  queue: JobQueue,
  job: ClaimedJob,
  now: Date,
): Promise<boolean> {
  const from = Math.max(now.getTime(), Date.now());
  const window = queue.giveUpAfterHours;
  const windowEnds = window === undefined ? Infinity : job.triesFrom.getTime() + window * 3_600_000;
  const fail = async (error: unknown, last: boolean, retryAt: Date) => {
    await db.execute(sql`
      update ${jobs}
      set state = ${last ? 'failed' : 'pending'}, run_at = ${retryAt.toISOString()}::timestamptz,
          leased_until = null, last_error = ${errorText(error)},
          finished_at = ${last ? sql`now()` : null}
      where ${stillMine(job)}`);
    log[last ? 'error' : 'warn'](
      { err: error, jobId: job.id, queue: queue.name, kind: job.kind, attempts: job.attempts },
      last ? 'a job failed for good' : 'a job failed; it will be retried',
    );
    return false;
  };
  // Claimed again after its window: its runs ended without an answer (an instance that died in
  // it, or one that never finished), so it is given up without another run.
  if (windowEnds + queue.leaseSeconds * 1000 < from) {
    return fail(new Error('its runs ended without an answer until its window closed'), true, now);
  }
  const retryAt = new Date(from + queue.retryDelaySeconds(job.attempts, job) * 1000);
  const last = windowEnds <= retryAt.getTime();
  try {
    await queue.run(job, { now, retryAt, last });
  } catch (error) {
    return fail(error, last, retryAt);
  }
  const finish = sql`
    update ${jobs} set state = 'done', finished_at = now(), leased_until = null, last_error = null
    where ${stillMine(job)}
    returning id`;
  const next = queue.next?.(job, now);
  if (!next) {
    await db.execute(finish);
    return true;
  }
  // Done and the next occurrence in one transaction: a crash between them would end the task.
  await db.transaction(async (tx) => {
    const finished = rowsOf(await tx.execute(finish));
    if (finished.length > 0) {
      await scheduleOccurrences(tx, queue.name, [{ kind: job.kind, runAt: next }]);
    }
  });
  return true;
}

/** The queues of recurring tasks: each has a unique index of its pending occurrences. */
const RECURRING_QUEUES = ['schedule', 'backup'];

/**
 * Writes recurring occurrences, one pending per task in the database. With `latest` (a runner
 * starting), one already waiting longer than that (not yet claimed) is brought forward to it:
 * a restart with a shorter period does not wait out the longer one.
 */
async function scheduleOccurrences(
  tx: Db | Tx,
  queue: string,
  occurrences: Occurrence[],
): Promise<void> {
  // The conflict's predicate names the queue as a literal, as its partial unique index does
  // (jobs_schedule_idx, jobs_backup_idx): PostgreSQL matches an index to a constant only.
  if (!RECURRING_QUEUES.includes(queue))
    throw new Error(`${queue} has no index of recurring tasks`);
  for (const { kind, runAt, latest } of occurrences) {
    const by = latest?.toISOString();
    await tx.execute(sql`
      insert into ${jobs} (queue, kind, run_at)
      values (${queue}, ${kind}, ${runAt.toISOString()}::timestamptz)
      on conflict (kind) where queue = ${sql.raw(`'${queue}'`)} and state = 'pending'
      ${
        by
          ? sql`do update set run_at = ${by}::timestamptz
              where ${jobs}.attempts = 0 and ${jobs}.run_at > ${by}::timestamptz`
          : sql`do nothing`
      }`);
  }
}

/** Every job of `queue` due by `now`; stops claiming once `stopping()` says so. */
async function drain(
  options: { db: Db; log: FastifyBaseLogger },
  queue: JobQueue,
  now: Date,
  stopping: () => boolean = () => false,
): Promise<RoundResult> {
  const result: RoundResult = { done: 0, failed: 0 };
  const seen = new Set<string>();
  const one = async (job: ClaimedJob) => {
    seen.add(job.id);
    if (await runOne(options, queue, job, now)) result.done += 1;
    else result.failed += 1;
  };
  while (!stopping()) {
    const claimed = (await claim(options.db, queue, now)).filter((job) => !seen.has(job.id));
    if (claimed.length === 0) break;
    // Every job of the batch finishes (or fails) before the next claim, even when one's
    // bookkeeping throws: that error is the round's, once the others are done.
    const settled = await Promise.allSettled(claimed.map(one));
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
  }
  return result;
}

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  queues: JobQueue[];
}

/** Runs every job of `queues` due by `now`. Tests call it with a later `now` to see a retry. */
export async function runDueJobs(
  { db, log, queues }: JobRunnerOptions,
  now: Date = new Date(),
): Promise<RoundResult> {
  const results = await Promise.all(queues.map((queue) => drain({ db, log }, queue, now)));
  return results.reduce((sum, r) => ({ done: sum.done + r.done, failed: sum.failed + r.failed }), {
    done: 0,
    failed: 0,
  });
}

export interface JobRunner {
  /** Stops claiming and waits for the jobs being run. */
  stop(): Promise<void>;
}

/**
 * Runs at once when a change of this process writes jobs, and every `pollSeconds` for retries,
 * recurring tasks and jobs written by other instances. Each queue drains on its own, so a slow
 * mail server never holds webhooks (or the sweeps) back. The timer never keeps the process alive.
 */
export async function startJobRunner(
  options: JobRunnerOptions,
  pollSeconds: number,
): Promise<JobRunner> {
  for (const queue of options.queues) {
    const initial = queue.initial?.() ?? [];
    if (initial.length > 0) await scheduleOccurrences(options.db, queue.name, initial);
  }
  let stopped = false;
  const loops = options.queues.map((queue) => {
    let running: Promise<unknown> | null = null;
    let again = false;
    const run = (): void => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = drain(options, queue, new Date(), () => stopped)
        .catch((error: unknown) =>
          options.log.error({ err: error, queue: queue.name }, 'job round failed'),
        )
        .finally(() => {
          running = null;
          if (again) {
            again = false;
            run();
          }
        });
    };
    return { run, running: () => running };
  });
  const runAll = () => {
    for (const loop of loops) loop.run();
  };
  const stopListening = onJobsQueued(options.db, runAll);
  const timer = setInterval(runAll, pollSeconds * 1000);
  timer.unref();
  runAll();
  return {
    async stop() {
      stopped = true;
      stopListening();
      clearInterval(timer);
      for (const loop of loops) {
        while (loop.running()) await loop.running();
      }
    },
  };
}

/** A task that runs every `everySeconds`, on one instance at a time. */
export interface RecurringTask {
  name: string;
  everySeconds: number;
  run(now: Date): Promise<unknown>;
}

/** How long done jobs are kept (for an admin's question "was it sent?") before they are pruned. */
export const DONE_JOBS_KEPT_DAYS = 7;

/** Deletes done jobs finished more than DONE_JOBS_KEPT_DAYS ago, 5,000 a statement. */
export async function pruneDoneJobs(db: Db, now: Date = new Date()): Promise<number> {
  let pruned = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from ${jobs} where id in (
        select id from ${jobs}
        where state = 'done' and finished_at
          < ${now.toISOString()}::timestamptz - make_interval(days => ${DONE_JOBS_KEPT_DAYS})
        limit 5000)
      returning id`);
    const deleted = rowsOf(result).length;
    pruned += deleted;
    if (deleted < 5000) return pruned;
  }
}

/**
 * The queue of recurring tasks: each task's occurrence is a job of kind `task.name`; when it is
 * done the next is written `everySeconds` later. A failing occurrence is retried sooner (never
 * later than its period) and never given up: the task must go on.
 */
export function recurringQueue(tasks: RecurringTask[]): JobQueue {
  const byName = new Map(tasks.map((task) => [task.name, task]));
  return {
    name: 'schedule',
    batch: 1,
    // A sweep of 500 rows takes well under a minute; a dead instance's tick is run again soon.
    leaseSeconds: 120,
    parallel: false,
    // Sooner than the period: a sweep that failed must not wait longer than its next tick.
    retryDelaySeconds: (attempts, job) =>
      Math.min(
        30 * 2 ** Math.max(0, attempts - 1),
        3600,
        byName.get(job.kind)?.everySeconds ?? 3600,
      ),
    async run(job, { now }) {
      // An occurrence of a task this version no longer has ends without a next.
      await byName.get(job.kind)?.run(now);
    },
    next(job, now) {
      const task = byName.get(job.kind);
      return task ? new Date(Math.max(now.getTime(), Date.now()) + task.everySeconds * 1000) : null;
    },
    initial: () =>
      tasks.map((task) => ({
        kind: task.name,
        runAt: new Date(),
        latest: new Date(Date.now() + task.everySeconds * 1000),
      })),
  };
}
