import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/**
 * Makes the caller's transaction the only one holding `name` until it ends (a transaction-level
 * advisory lock, let go at commit or rollback: safe behind PgBouncer in transaction mode). For a
 * count-then-insert that no row to lock guards, such as "at most 20 keys per company".
 */
export async function lockName(tx: Db | Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}
