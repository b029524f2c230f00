import { QUOTE_EXPIRY_NOTICE_DAYS } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { enqueueQuoteEmail } from '../../modules/quotes/emails.js';
import { jobsQueued } from '../../kernel/jobs.js';

/** Notices one sweep queues at most; the next sweep takes the rest. */
const SWEEP_MAX = 500;

/**
 * The "your offer expires in two days" emails (issue 31 item 2): the order sweeper runs this on
 * every instance. Each waiting offer's version row is stamped `expiry_notice_at` by one
 * conditional update in the transaction that queues its email, so whichever instance stamps it
 * mails it, once. Only the latest offer of a quote still `offered` is noticed.
 */
export async function queueQuoteExpiryNotices(db: Db): Promise<number> {
  const queued = await db.transaction(async (tx) => {
    const noticed = rowsOf<{ quote_id: string; email: string }>(
      await tx.execute(sql`
        with due as (
          select v.quote_id, v.version
          from quote_versions v
          join quotes q on q.id = v.quote_id and q.latest_version = v.version
          where v.expiry_notice_at is null and q.status = 'offered'
            and v.expires_at > now()
            and v.expires_at <= now() + make_interval(days => ${QUOTE_EXPIRY_NOTICE_DAYS}::int)
          order by v.expires_at
          limit ${SWEEP_MAX}
          for update of v skip locked
        ), stamped as (
          update quote_versions v set expiry_notice_at = now()
          from due
          where v.quote_id = due.quote_id and v.version = due.version
            and v.expiry_notice_at is null
          returning v.quote_id
        )
        select stamped.quote_id, q.email
        from stamped join quotes q on q.id = stamped.quote_id`),
    );
    for (const row of noticed) {
      await enqueueQuoteEmail(tx, 'quote-expiring', { id: row.quote_id, email: row.email });
    }
    return noticed.length;
  });
  if (queued > 0) jobsQueued(db);
  return queued;
}
