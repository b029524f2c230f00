import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.js';

/** What an insert runs on: the database or a transaction. */
type Executor = Pick<Tx, 'execute'>;

/**
 * Inserts `rows` in one statement with one parameter per column: each column's values travel as
 * one array, which PostgreSQL unnests into rows (`insert … select * from unnest($1::uuid[], …)`).
 *
 * Drizzle's `insert().values()` builds one parameter per value, checking each through a chain
 * of `is()` calls: for a 2,000-line purchase (40,000 values) that took about 300 ms of the
 * checkout's 650, more than everything else the server does for it (docs/performance.md,
 * issue 29). Here a 2,000-row insert builds 20 parameters.
 *
 * Every row gives the same columns, as plain values (no `sql` expressions: a value is one
 * element of an array); a column no row gives takes its default. Values are mapped to the
 * driver as Drizzle maps them (a Date to its ISO text, JSON to its text), and a null stays null.
 * Answers nothing: a caller that needs the stored rows reads them back by the ids it gave.
 */
export async function insertMany<T extends PgTable>(
  db: Executor,
  table: T,
  rows: PgInsertValue<T>[],
): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((key) => first[key as keyof typeof first] !== undefined);
  const names: ReturnType<typeof sql.identifier>[] = [];
  const arrays: SQL[] = [];
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`insertMany: ${key} is not a column of the table`);
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined) throw new Error(`insertMany: a row gives no ${key}`);
      if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
        throw new Error(`insertMany: ${key} is not a plain value`);
      }
      return value === null ? null : column.mapToDriverValue(value);
    });
    names.push(sql.identifier(column.name));
    // `sql.param`: the whole array is one parameter (an array inside `sql` would be a list).
    arrays.push(sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`);
  }
  await db.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`,
  );
}
