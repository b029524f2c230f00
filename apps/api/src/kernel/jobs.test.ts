import { api, type AuditPage, type Job, type JobList } from '@shop/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { emailJobs, jobs } from '../db/schema.js';
import { enqueueEmail } from '../mail/jobs.js';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import { answered, injectUnchecked } from '../test-support/inject.js';
import { adminShopper, orderTestEnv, shopper, type Shopper } from '../test-support/shop.js';
import {
  jobsQueued,
  recurringQueue,
  runDueJobs,
  startJobRunner,
  type ClaimedJob,
  type JobQueue,
} from './jobs.js';

/**
 * The one job system (issue 32 item 4, docs/decisions/056), on both databases: written with the
 * change or not at all, run once at a time by any number of runners, run again after a runner
 * dies, retried with backoff and given up after its window, in order per key, recurring tasks
 * once per tick across instances, and an admin's view of failures with retry.
 */
describe.each(testDatabases())('the job system on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  const log = pino({ level: 'silent' });
  let queueNumber = 0;
  beforeAll(async () => {
    // The app's own runner runs its own queues; these tests run theirs by name.
    t = await buildTestApp(kind, { env: orderTestEnv({ ORDER_SWEEP_SECONDS: '86400' }) });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A queue of its own for each test, whose handler records what it ran. */
  function testQueue(overrides: Partial<JobQueue> = {}) {
    const ran: string[] = [];
    const queue: JobQueue = {
      name: `test-${++queueNumber}`,
      batch: 5,
      leaseSeconds: 30,
      parallel: true,
      retryDelaySeconds: (attempts) => 30 * 2 ** (attempts - 1),
      async run(job) {
        ran.push(job.kind);
      },
      ...overrides,
    };
    return { queue, ran };
  }
  const write = (db: Db, queue: JobQueue, kinds: string[], orderKey?: string) =>
    db.insert(jobs).values(kinds.map((kind) => ({ queue: queue.name, kind, orderKey })));
  const stateOf = async (queue: JobQueue) =>
    t.db
      .select({ kind: jobs.kind, state: jobs.state, attempts: jobs.attempts })
      .from(jobs)
      .where(eq(jobs.queue, queue.name))
      .orderBy(jobs.seq);

  it('a job is written with its change or not at all', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, { kind: 'shipped', to: 'rolled.back@example.com', payload: {} });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await t.db.transaction(async (tx) => {
      await enqueueEmail(tx, { kind: 'shipped', to: 'committed@example.com', payload: {} });
    });
    const written = await t.db
      .select({ to: emailJobs.to, queue: jobs.queue, kind: jobs.kind })
      .from(emailJobs)
      .innerJoin(jobs, eq(jobs.ref, emailJobs.id))
      .where(inArray(emailJobs.to, ['rolled.back@example.com', 'committed@example.com']));
    expect(written).toEqual([{ to: 'committed@example.com', queue: 'email', kind: 'shipped' }]);
  });

  it('runners side by side run each job once, never one job twice at once', async () => {
    const running = new Set<string>();
    const runs: string[] = [];
    let overlapped = false;
    const { queue } = testQueue({
      batch: 3,
      async run(job) {
        if (running.has(job.id)) overlapped = true;
        running.add(job.id);
        // Let the other runners claim while this one works.
        await new Promise((resolve) => setImmediate(resolve));
        runs.push(job.kind);
        running.delete(job.id);
      },
    });
    const kinds = Array.from({ length: 40 }, (_, i) => `job-${i}`);
    await write(t.db, queue, kinds);
    // A second database handle where there can be one (a second instance on PostgreSQL).
    const other =
      kind === 'postgres'
        ? await buildTestApp('postgres', {
            env: orderTestEnv({ ORDER_SWEEP_SECONDS: '86400' }),
            postgresDatabase: t.postgresDatabase,
          })
        : null;
    try {
      const handles = [t.db, other?.db ?? t.db, t.db, other?.db ?? t.db];
      const results = await Promise.all(
        handles.map((db) => runDueJobs({ db, log, queues: [queue] })),
      );
      expect(results.reduce((sum, r) => sum + r.done, 0)).toBe(40);
    } finally {
      await other?.close({ keep: true });
    }
    expect(overlapped).toBe(false);
    expect(runs.sort()).toEqual([...kinds].sort());
    expect(new Set((await stateOf(queue)).map((row) => row.state))).toEqual(new Set(['done']));
  });

  it('a job whose runner died is run again once its lease ends, and not before', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const claimed = new Promise<void>((resolve) => (started = resolve));
    const dying = testQueue({
      async run() {
        started();
        await held;
        throw new Error('the instance died');
      },
    });
    await write(t.db, dying.queue, ['orphan']);
    const first = runDueJobs({ db: t.db, log, queues: [dying.queue] });
    await claimed;
    // Another runner of the same queue: the lease holds it off...
    const ran: string[] = [];
    const rescuer: JobQueue = {
      ...dying.queue,
      async run(job) {
        ran.push(job.kind);
      },
    };
    expect(await runDueJobs({ db: t.db, log, queues: [rescuer] })).toEqual({ done: 0, failed: 0 });
    // ...until it ends.
    const later = new Date(Date.now() + 31_000);
    expect(await runDueJobs({ db: t.db, log, queues: [rescuer] }, later)).toEqual({
      done: 1,
      failed: 0,
    });
    expect(ran).toEqual(['orphan']);
    release();
    await first;
    // Two claims; the first runner's late failure changes nothing: the job is the rescuer's.
    expect(await stateOf(dying.queue)).toEqual([{ kind: 'orphan', state: 'done', attempts: 2 }]);
  });

  it('a failing job is retried with backoff, given up after its window, and retried by an admin', async () => {
    let failing = true;
    const { queue, ran } = testQueue({
      giveUpAfterHours: 1,
      async run(job) {
        ran.push(job.kind);
        if (failing) throw new Error('the receiver is down');
      },
    });
    await write(t.db, queue, ['flaky']);
    const start = Date.now();
    expect(await runDueJobs({ db: t.db, log, queues: [queue] }, new Date(start))).toEqual({
      done: 0,
      failed: 1,
    });
    // Not again before its time (30 s), then after it; the next wait is a minute.
    const at = (seconds: number) => new Date(start + seconds * 1000);
    expect((await runDueJobs({ db: t.db, log, queues: [queue] }, at(10))).failed).toBe(0);
    expect((await runDueJobs({ db: t.db, log, queues: [queue] }, at(31))).failed).toBe(1);
    expect((await runDueJobs({ db: t.db, log, queues: [queue] }, at(60))).failed).toBe(0);
    expect((await runDueJobs({ db: t.db, log, queues: [queue] }, at(92))).failed).toBe(1);

    // The admin sees it retrying, with its error.
    const [row] = await t.db.select().from(jobs).where(eq(jobs.queue, queue.name));
    const retrying = await answered<JobList>(
      injectUnchecked(t, api.jobs.list, { query: { state: 'retrying', limit: '100' } }, admin),
    );
    expect(retrying.items.find((job) => job._id === row!.id)).toMatchObject({
      state: 'pending',
      attempts: 3,
      lastError: 'the receiver is down',
    });
    // Retrying a job that is not failed is refused.
    await answered(injectUnchecked(t, api.jobs.retry, { params: { id: row!.id } }, admin), 409);

    // Its hour of tries ends at 300 s: the attempt then fails, and its next would come after.
    await t.db
      .update(jobs)
      .set({ triesFrom: at(300 - 3600) })
      .where(eq(jobs.id, row!.id));
    expect((await runDueJobs({ db: t.db, log, queues: [queue] }, at(300))).failed).toBe(1);
    expect((await runDueJobs({ db: t.db, log, queues: [queue] }, at(90_000))).failed).toBe(0);
    const failed = await answered<JobList>(
      injectUnchecked(t, api.jobs.list, { query: { state: 'failed', limit: '100' } }, admin),
    );
    expect(failed.items.find((job) => job._id === row!.id)).toMatchObject({
      queue: queue.name,
      kind: 'flaky',
      state: 'failed',
      attempts: 4,
      lastError: 'the receiver is down',
      runAt: null,
    });

    // Only an admin sees or retries jobs.
    const buyer = await shopper(t);
    await answered(injectUnchecked(t, api.jobs.list, {}, buyer), 403);
    await answered(injectUnchecked(t, api.jobs.retry, { params: { id: row!.id } }, buyer), 403);
    await answered(
      injectUnchecked(
        t,
        api.jobs.retry,
        { params: { id: '00000000-0000-4000-8000-000000000000' } },
        admin,
      ),
      404,
    );

    failing = false;
    const retried = await answered<Job>(
      injectUnchecked(t, api.jobs.retry, { params: { id: row!.id } }, admin),
    );
    expect(retried).toMatchObject({ state: 'pending', attempts: 4 });
    expect(await runDueJobs({ db: t.db, log, queues: [queue] })).toEqual({ done: 1, failed: 0 });
    expect(ran).toHaveLength(5);
    const audit = await answered<AuditPage>(injectUnchecked(t, api.audit.list, {}, admin));
    expect(audit.items.find((entry) => entry.targetId === row!.id)).toMatchObject({
      action: 'job.retry',
      actorEmail: admin.email,
    });
  });

  it('a job whose runs never answer is given up once its window has closed, without another run', async () => {
    const { queue, ran } = testQueue({ giveUpAfterHours: 1 });
    await write(t.db, queue, ['crashes-its-instance']);
    // Claimed again and again by instances that died in it, for longer than its window.
    await t.db
      .update(jobs)
      .set({ triesFrom: sql`now() - interval '2 hours'`, attempts: 40 })
      .where(eq(jobs.queue, queue.name));
    expect(await runDueJobs({ db: t.db, log, queues: [queue] })).toEqual({ done: 0, failed: 1 });
    expect(ran).toEqual([]);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.queue, queue.name));
    expect(row).toMatchObject({ state: 'failed', attempts: 41 });
    expect(row?.lastError).toMatch(/without an answer/);
  });

  it('a slow queue holds no other back: each queue drains on its own', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = testQueue({
      async run() {
        await held;
      },
    });
    const quick = testQueue();
    await write(t.db, slow.queue, ['slow-mail-server']);
    const runner = await startJobRunner({ db: t.db, log, queues: [slow.queue, quick.queue] }, 3600);
    try {
      // The slow queue's job is running; the quick queue's, written now, runs meanwhile.
      await expect.poll(async () => (await stateOf(slow.queue))[0]?.attempts).toBe(1);
      await write(t.db, quick.queue, ['webhook']);
      jobsQueued(t.db);
      await expect.poll(() => quick.ran, { timeout: 20_000 }).toEqual(['webhook']);
      expect((await stateOf(slow.queue))[0]?.state).toBe('pending');
    } finally {
      release();
      await runner.stop();
    }
    expect(await stateOf(slow.queue)).toEqual([
      { kind: 'slow-mail-server', state: 'done', attempts: 1 },
    ]);
  });

  it('jobs sharing a key run one at a time, in order: a later one waits while an earlier is retried', async () => {
    let firstFails = true;
    const { queue, ran } = testQueue({
      async run(job: ClaimedJob) {
        ran.push(job.kind);
        if (job.kind === 'p1-created' && firstFails) throw new Error('not yet');
      },
    });
    await write(t.db, queue, ['p1-created', 'p1-paid', 'p1-shipped'], 'purchase-1');
    await write(t.db, queue, ['p2-created'], 'purchase-2');
    await runDueJobs({ db: t.db, log, queues: [queue] });
    // Purchase 2 is not held up by purchase 1.
    expect(ran).toEqual(['p1-created', 'p2-created']);
    firstFails = false;
    await runDueJobs({ db: t.db, log, queues: [queue] }, new Date(Date.now() + 31_000));
    expect(ran).toEqual(['p1-created', 'p2-created', 'p1-created', 'p1-paid', 'p1-shipped']);
  });

  it('a recurring task has one occurrence in the database, run by one runner a tick, then the next', async () => {
    const ticks: string[] = [];
    const task = (name: string) => ({
      name,
      everySeconds: 3600,
      run: async () => ticks.push(name),
    });
    const name = `test-task-${kind}`;
    const runners = await Promise.all(
      [0, 1, 2].map(() =>
        startJobRunner({ db: t.db, log, queues: [recurringQueue([task(name)])] }, 3600),
      ),
    );
    try {
      const occurrences = () =>
        t.db
          .select({ state: jobs.state, runAt: jobs.runAt })
          .from(jobs)
          .where(and(eq(jobs.queue, 'schedule'), eq(jobs.kind, name)))
          .orderBy(jobs.seq);
      // Each runner ran at start; the tick ran once and wrote the next an hour on.
      await expect.poll(async () => (await occurrences()).length, { timeout: 20_000 }).toBe(2);
      const [done, next] = await occurrences();
      expect(done?.state).toBe('done');
      expect(next?.state).toBe('pending');
      expect(next!.runAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
      expect(ticks).toEqual([name]);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
  });
});
