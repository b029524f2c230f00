import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { rowsOf } from './rows.js';

/*
 * Sync by change time (issue 32 item 3, DESIGN section 9 `updatedSince`, docs/decisions/055).
 *
 * Every synced table keeps `updated_at`, set by a trigger to the database's clock at each insert
 * and update (migration 0030): never earlier than the start of the transaction that writes it.
 * A page of changes is read up to a horizon: the start of the oldest transaction still running
 * on this database (or now, when none is). A change not yet committed carries a time at or
 * after its transaction's start, so at or after the horizon; so every change before the horizon
 * is committed and visible, and none can appear there later. Each answer names where the next
 * one starts (`nextUpdatedSince`); asked in turn, the pages hold every change exactly once.
 */

/** A time as the database keeps it, to the microsecond, in UTC: a cursor loses nothing. */
const exact = (column: SQL | PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The horizon: before it, every change is committed. Read in a statement of its own, before the
 * statement that reads the changes: a transaction that commits in between is then seen by it.
 */
async function horizon(db: Db, since: string): Promise<{ since: string; until: string }> {
  const [row] = rowsOf<{ since: string; until: string }>(
    await db.execute(sql`
      select ${exact(sql`${since}::timestamptz`)} as since,
        ${exact(sql`least(clock_timestamp(), (
          select min(xact_start) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and xact_start is not null
        ))`)} as until`),
  );
  if (!row) throw new Error('The database answered no time.');
  return row;
}

/** A page of changes: the ids in change order, how many changed in all, and where to go on. */
export interface ChangePage {
  ids: string[];
  /** Rows changed from `since` up to the horizon (this page and those after it). */
  total: number;
  /** What to ask with next: the first change time this page leaves out, or the horizon. */
  next: string;
  /**
   * The condition to read the page's rows with: still as the page found them. A row changed
   * again since carries a time at or after `next` and comes on a later page, so each state of a
   * row is answered once.
   */
  unchanged: SQL;
}

/**
 * The ids of `table`'s rows matching `where` that changed at or after `since` (an ISO time, to
 * the microsecond), in (updated_at, id) order: at most `limit`, cut between two change times so
 * the next page starts at a time, not inside one; the rare rows sharing one time beyond `limit`
 * come together on one page.
 */
export async function changedSince(
  db: Db,
  table: PgTable,
  columns: { id: PgColumn; updatedAt: PgColumn },
  { since, limit, where }: { since: string; limit: number; where?: SQL | undefined },
): Promise<ChangePage> {
  const bounds = await horizon(db, since);
  // Asked from a time still ahead of the horizon: nothing yet, and on from there.
  const unchangedBefore = (next: string) => sql`${columns.updatedAt} < ${next}::timestamptz`;
  if (bounds.since >= bounds.until) {
    return { ids: [], total: 0, next: bounds.since, unchanged: unchangedBefore(bounds.since) };
  }
  const { until } = bounds;
  const window = sql`${columns.updatedAt} >= ${since}::timestamptz
    and ${columns.updatedAt} < ${until}::timestamptz
    ${where ? sql`and ${where}` : sql``}`;
  const read = (condition: SQL, count?: number) =>
    db.execute(sql`
      select ${columns.id} as id, ${exact(columns.updatedAt)} as at
      from ${table} where ${condition}
      order by ${columns.updatedAt}, ${columns.id}
      ${count === undefined ? sql`` : sql`limit ${count}`}`);
  const [found, counted] = await Promise.all([
    read(window, limit + 1),
    db.execute(sql`select count(*)::int as n from ${table} where ${window}`),
  ]);
  const rows = rowsOf<{ id: string; at: string }>(found);
  const total = rowsOf<{ n: number }>(counted)[0]?.n ?? 0;
  const answer = (ids: { id: string }[], next: string) => ({
    ids: ids.map((row) => row.id),
    total,
    next,
    unchanged: unchangedBefore(next),
  });
  if (rows.length <= limit) return answer(rows, until);
  const cut = rows[limit]!.at;
  const before = rows.filter((row) => row.at < cut);
  if (before.length > 0) return answer(before, cut);
  // More than `limit` rows share the first time: all of them, and on from just after it.
  const tied = rowsOf<{ id: string; at: string }>(
    await read(sql`${columns.updatedAt} = ${cut}::timestamptz and ${where ?? sql`true`}`),
  );
  const [after] = rowsOf<{ at: string }>(
    await db.execute(
      sql`select ${exact(sql`${cut}::timestamptz + interval '1 microsecond'`)} as at`,
    ),
  );
  return answer(tied, after!.at);
}
