import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { enqueueEmail, type EmailJob } from '../../mail/jobs.js';
import { jobsQueued } from '../../kernel/jobs.js';

/**
 * Payment reminders for invoices on account (issue 30 item 7, decision 050): one a week before
 * the due date, one on it, and one a week while it is overdue, each mailed to the buyer and the
 * company's owners. The order sweeper runs this on every instance; a reminder is one row of
 * `invoice_reminders`, inserted with its emails in one transaction, so whichever instance
 * inserts it first mails it and every other one's insert does nothing.
 */

/** Days before the due date the first reminder goes out. */
export const REMINDER_DAYS_BEFORE = 7;
/** Reminders one sweep queues at most; the next sweep takes the rest. */
const SWEEP_MAX = 500;

export type ReminderKind = 'before' | 'due' | 'overdue';

/** Queues the reminders due today that no instance has queued yet; answers how many. */
export async function queueInvoiceReminders(db: Db): Promise<number> {
  const queued = await db.transaction(async (tx) => {
    const today = sql`(now() at time zone 'UTC')::date`;
    // Which reminder each open invoice is due for today: before (within a week of its due
    // date), due (on it, or the days after until the first weekly one), or overdue week n.
    const inserted = rowsOf<{
      purchase_id: string;
      kind: ReminderKind;
      week: number;
      email: string;
      company_id: string;
      days_overdue: number;
    }>(
      await tx.execute(sql`
        with due as (
          select p.id, p.email, p.company_id, ${today} - p.due_date as late
          from purchases p
          where p.amount_due > 0 and p.payment_terms <> 'card' and p.invoice_number is not null
            and p.due_date <= ${today} + ${REMINDER_DAYS_BEFORE}::int
        ), wanted as (
          select id, email, company_id, late,
            case when late < 0 then 'before' when late < 7 then 'due' else 'overdue' end as kind,
            case when late < 7 then 0 else late / 7 end as week
          from due
        ), added as (
          insert into invoice_reminders (purchase_id, kind, week)
          select id, kind, week from wanted
          where not exists (
            select 1 from invoice_reminders r
            where r.purchase_id = wanted.id and r.kind = wanted.kind and r.week = wanted.week
          )
          order by late desc
          limit ${SWEEP_MAX}
          on conflict do nothing
          returning purchase_id, kind, week
        )
        select added.purchase_id, added.kind, added.week, wanted.email, wanted.company_id,
          greatest(wanted.late, 0) as days_overdue
        from added join wanted on wanted.id = added.purchase_id`),
    );
    if (inserted.length === 0) return 0;
    // The owners of each company, who pay its invoices, beside the buyer who placed it.
    const companyIds = [...new Set(inserted.map((row) => row.company_id))];
    const owners = rowsOf<{ company_id: string; email: string }>(
      await tx.execute(sql`
        select company_id, email from company_members
        where company_id in ${companyIds} and role = 'owner' and status = 'active'`),
    );
    const jobs: EmailJob[] = inserted.flatMap((row) => {
      const to = new Set([
        row.email,
        ...owners.filter((owner) => owner.company_id === row.company_id).map((o) => o.email),
      ]);
      return [...to].map((email) => ({
        kind: 'invoice-reminder' as const,
        to: email,
        payload: {
          purchaseId: row.purchase_id,
          reminder: row.kind,
          daysOverdue: Number(row.days_overdue),
        },
      }));
    });
    await enqueueEmail(tx, jobs);
    return inserted.length;
  });
  if (queued > 0) jobsQueued(db);
  return queued;
}
