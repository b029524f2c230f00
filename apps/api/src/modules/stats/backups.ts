import type { Stats } from '@shop/shared';
import { desc, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { backups } from '../../db/schema.js';

/** The Overview's "Last backup": the newest written, and the newest failed if after it. */
export async function backupStatus(db: Db, scheduled: boolean): Promise<Stats['backups']> {
  const newest = (written: boolean) =>
    db
      .select()
      .from(backups)
      .where(written ? isNull(backups.error) : isNotNull(backups.error))
      .orderBy(desc(backups.finishedAt))
      .limit(1);
  const [[last], [failed]] = await Promise.all([newest(true), newest(false)]);
  return {
    scheduled,
    last: last
      ? {
          finishedAt: last.finishedAt.toISOString(),
          file: last.file,
          bytes: last.bytes ?? 0,
          trigger: last.trigger === 'schedule' ? 'schedule' : 'command',
        }
      : null,
    failed:
      failed && (!last || failed.finishedAt > last.finishedAt)
        ? {
            finishedAt: failed.finishedAt.toISOString(),
            file: failed.file,
            error: failed.error ?? '',
          }
        : null,
  };
}
