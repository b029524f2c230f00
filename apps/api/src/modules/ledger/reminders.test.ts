import { api } from '@shop/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailJobs, invoiceReminders, purchases } from '../../db/schema.js';
import { sendDueEmails } from '../../mail/worker.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { invoicedTeam } from '../../test-support/companies.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/mail.js';
import { adminShopper, orderTestEnv, type Shopper } from '../../test-support/shop.js';
import { queueInvoiceReminders } from './reminders.js';

/**
 * Payment reminders of invoices on account (issue 30 item 7, decision 050): a week before the
 * due date, on it, and weekly while overdue, to the buyer and the owners; each once, however
 * many sweeps (or instances) run at once; none for an invoice paid since.
 */
describe.each(testDatabases())('invoice reminders on %s', (kind) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The sweeper's own timer stays out of the way: the test runs each sweep itself.
    t = await buildTestApp(kind, {
      env: orderTestEnv({ SMTP_URL: smtp.url, ORDER_SWEEP_SECONDS: '86400' }),
    });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const dueIn = (purchaseId: string, days: number) =>
    t.db
      .update(purchases)
      .set({ dueDate: sql`(now() at time zone 'UTC')::date + ${days}::int` })
      .where(eq(purchases.id, purchaseId));
  const remindersOf = (purchaseIds: string[]) =>
    t.db
      .select({
        purchaseId: invoiceReminders.purchaseId,
        kind: invoiceReminders.kind,
        week: invoiceReminders.week,
      })
      .from(invoiceReminders)
      .where(inArray(invoiceReminders.purchaseId, purchaseIds));
  const jobsOf = (purchaseId: string) =>
    t.db
      .select({ to: emailJobs.to, payload: emailJobs.payload })
      .from(emailJobs)
      .where(
        and(
          eq(emailJobs.kind, 'invoice-reminder'),
          sql`${emailJobs.payload}->>'purchaseId' = ${purchaseId}`,
        ),
      );

  it('reminds before, on and weekly after the due date, to the buyer and the owner, each once', async () => {
    const { owner, buyer, bought } = await invoicedTeam(t, admin, 'Reminded Parts Ltd');
    const [soon, today, late] = bought.map((purchase) => purchase._id) as [string, string, string];
    await dueIn(soon, 5);
    await dueIn(today, 0);
    await dueIn(late, -15);

    // Four sweeps at once, as four instances would run them: each reminder is queued once.
    const counts = await Promise.all([1, 2, 3, 4].map(() => queueInvoiceReminders(t.db)));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(3);
    expect(await queueInvoiceReminders(t.db)).toBe(0);
    const ids = [soon, today, late];
    expect((await remindersOf(ids)).map((r) => [r.purchaseId, r.kind, r.week]).sort()).toEqual(
      [
        [soon, 'before', 0],
        [today, 'due', 0],
        [late, 'overdue', 2],
      ].sort(),
    );
    for (const id of ids) {
      expect((await jobsOf(id)).map((job) => job.to).sort()).toEqual(
        [buyer.email, owner.email].sort(),
      );
    }

    // The emails, as the worker sends them.
    await sendDueEmails(t.app.mailWork);
    // The reminders only: the invoices' own emails went to the same server.
    const subjects = () =>
      smtp.messages
        .map((message) => message.subject ?? '')
        .filter((s) => /^(Reminder|Overdue): invoice |is due today$/.test(s));
    const number = (i: number) => bought[i]!.invoiceNumber ?? '';
    // The app's own worker may have taken some of the jobs: wait for all six to arrive (poll's
    // default second is too short on a loaded machine; this failed once so).
    await expect.poll(() => subjects().length, { timeout: 30_000 }).toBe(6);
    expect(subjects()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Reminder: invoice ${number(0)}, \\$1,000 due `)),
        `Invoice ${number(1)}, $2,000, is due today`,
        expect.stringMatching(new RegExp(`^Overdue: invoice ${number(2)}, \\$3,000, was due `)),
      ]),
    );
    const overdue = smtp.messages.find((m) => m.subject?.startsWith('Overdue'));
    expect(overdue?.text).toContain('15 days ago');
    expect(overdue?.text).toContain('/dashboard/mycompany');

    // A week later the late one gets its next weekly reminder, and only that.
    await dueIn(late, -21);
    expect(await queueInvoiceReminders(t.db)).toBe(1);
    expect((await remindersOf([late])).map((r) => r.week).sort()).toEqual([2, 3]);
  });

  it('a reminder composed after the invoice was paid sends nothing', async () => {
    const { company, bought } = await invoicedTeam(t, admin, 'Paid Meanwhile Ltd');
    const first = bought[0]!;
    await dueIn(first._id, 0);
    expect(await queueInvoiceReminders(t.db)).toBe(1);
    const [job] = await jobsOf(first._id);
    if (!job) throw new Error('No reminder was queued.');
    const compose = () =>
      t.app.mailWork.compose({ kind: 'invoice-reminder', to: job.to, payload: job.payload });
    expect((await compose())?.subject).toBe(`Invoice ${first.invoiceNumber}, $1,000, is due today`);
    await answered(
      injectUnchecked(
        t,
        api.companies.recordBankPayment,
        {
          params: { id: company._id },
          body: {
            amount: 1000,
            reference: 'PAID 1',
            receivedOn: '2026-11-27',
            invoiceIds: [first._id],
          },
        },
        admin,
      ),
      201,
    );
    // Paid since: the worker marks the job done and mails nothing.
    expect(await compose()).toBeNull();
  });

  it('the due-date reminder of an invoice first seen days late says when it was due', async () => {
    const { bought } = await invoicedTeam(t, admin, 'Seen Late Ltd');
    const first = bought[0]!;
    await dueIn(first._id, -3);
    expect(await queueInvoiceReminders(t.db)).toBe(1);
    expect((await remindersOf([first._id])).map((r) => [r.kind, r.week])).toEqual([['due', 0]]);
    const [job] = await jobsOf(first._id);
    if (!job) throw new Error('No reminder was queued.');
    const message = await t.app.mailWork.compose({
      kind: 'invoice-reminder',
      to: job.to,
      payload: job.payload,
    });
    expect(message?.subject).toMatch(
      new RegExp(`^Invoice ${first.invoiceNumber}, \\$1,000, was due `),
    );
    expect(message?.text).toContain('3 days ago');
  });

  if (kind === 'postgres') {
    it('two instances on one database queue each reminder once', async () => {
      const other = await buildTestApp('postgres', {
        env: orderTestEnv({ SMTP_URL: smtp.url, ORDER_SWEEP_SECONDS: '86400' }),
        postgresDatabase: t.postgresDatabase,
      });
      try {
        const { bought } = await invoicedTeam(t, admin, 'Two Instances Ltd');
        for (const purchase of bought) await dueIn(purchase._id, -8);
        const counts = await Promise.all([
          queueInvoiceReminders(t.db),
          queueInvoiceReminders(other.db),
          queueInvoiceReminders(t.db),
          queueInvoiceReminders(other.db),
        ]);
        expect(counts.reduce((sum, n) => sum + n, 0)).toBe(3);
        const reminders = await remindersOf(bought.map((purchase) => purchase._id));
        expect(reminders.map((r) => [r.kind, r.week])).toEqual([
          ['overdue', 1],
          ['overdue', 1],
          ['overdue', 1],
        ]);
      } finally {
        await other.close({ keep: true });
      }
    });
  }
});
