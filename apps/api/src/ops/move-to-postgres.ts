import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { connectDatabase, migrationsFolder } from '../db/client.js';

/**
 * `npm run move-to-postgres -- DATABASE_URL` (docs/decisions/060): copies the embedded database
 * of a stopped shop (PGlite in DATA_DIR/db) into an empty PostgreSQL database, in one transaction
 * on the target, and compares per table the row count, the sum of the numeric columns and an md5
 * of the rows on both sides before committing. Everything is read from the catalogues, so a table
 * or column a later migration adds is moved without a change here.
 */

/** A reason not to move, found before anything was written to the target. */
export class MoveRefused extends Error {
  override name = 'MoveRefused';
}

export interface TableFigures {
  rows: string;
  /** The sum of every numeric column over every row. */
  sum: string;
  /** md5 of the rows' text, in one order both servers agree on. */
  md5: string;
}

export interface TableCheck {
  table: string;
  source: TableFigures;
  target: TableFigures;
  same: boolean;
}

export interface MoveReport {
  tables: TableCheck[];
  /** Sequences (identities included) set to the source's value, and whether all agree. */
  sequences: { count: number; differing: string[] };
  /** Every figure agreed and the copy was committed; otherwise the target was left empty. */
  ok: boolean;
}

export interface MoveOptions {
  /** The embedded database's folder: DATA_DIR/db. */
  pgliteDir: string;
  /** The empty PostgreSQL database to move to. */
  targetUrl: string;
  /** SHOP_TIME_ZONE: both databases are opened in it, as the shop opens them. */
  timeZone?: string;
  /** Rows per INSERT (fewer when a table has so many columns that the parameters would not fit). */
  batchRows?: number;
}

/** Both sides read in the shop's time zone as the shop does, and print values the same way. */
const SESSION_SETTINGS = `set datestyle = 'ISO, MDY'; set intervalstyle = 'postgres';
  set extra_float_digits = 1; set bytea_output = 'hex'; set statement_timeout = 0`;

/** What the shop keeps: every schema but PostgreSQL's own, without objects of extensions. */
const OWN_RELATION = `n.nspname not in ('pg_catalog', 'information_schema')
  and n.nspname not like 'pg\\_%'
  and not exists (select 1 from pg_depend d
    where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`;

/** A query on either side: PGlite's client or a node-postgres one. */
type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const { pgliteDir, targetUrl, timeZone = 'UTC', batchRows = 1000 } = options;
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new MoveRefused(`there is no embedded database in ${pgliteDir} (check DATA_DIR)`);
  }
  // PGlite writes postmaster.pid when it opens the folder and removes it when it closes it; a
  // second PGlite would open the folder regardless and both would write to it.
  if (existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    throw new MoveRefused(
      `the embedded database in ${pgliteDir} is open (postmaster.pid): stop the shop first; ` +
        'if it is stopped already, it was not stopped cleanly: start it once and stop it again',
    );
  }

  // A host that drops packets would otherwise keep the command waiting for minutes.
  const target = new pg.Client({ connectionString: targetUrl, connectionTimeoutMillis: 15_000 });
  // A connection the server ends makes the next query fail; without a listener it would crash.
  target.on('error', () => {});
  try {
    await target.connect();
  } catch (error) {
    throw new MoveRefused(
      `cannot connect to PostgreSQL at ${postgresAddress(targetUrl)} (${reasonOf(error)})`,
    );
  }
  try {
    const onTarget: Query = async (text, params) =>
      (await target.query(text, params as unknown[])).rows;
    const present = await onTarget<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and ${OWN_RELATION}
        order by 1`,
    );
    if (present.length > 0) {
      const names = present.slice(0, 3).map((row) => row.name);
      const more = present.length > 3 ? ` and ${present.length - 3} more` : '';
      throw new MoveRefused(
        `the target database ${postgresAddress(targetUrl)} is not empty (${names.join(', ')}${more}): ` +
          'move into a new, empty database',
      );
    }

    const database = await connectDatabase({ kind: 'pglite', dataDir: pgliteDir, timeZone });
    try {
      // As the shop does at start: a database of an older version is brought up to this one's.
      await database.migrate();
      const source = (database.db as unknown as { $client: PGlite }).$client;
      const onSource: Query = async (text, params) =>
        (await source.query(text, params as unknown[])).rows as never[];
      await checkMigrations(onSource);
      await source.exec(SESSION_SETTINGS);
      await onSource(`select set_config('TimeZone', $1, false)`, [timeZone]);
      await target.query(SESSION_SETTINGS);
      await onTarget(`select set_config('TimeZone', $1, false)`, [timeZone]);
      return await copy(source, onSource, target, onTarget, batchRows);
    } finally {
      await database.close();
    }
  } finally {
    await target.end().catch(() => {});
  }
}

/** The source's applied migrations must be exactly the code's, in order, after its migrate(). */
async function checkMigrations(onSource: Query) {
  const code = readMigrationFiles({ migrationsFolder }).map((m) => `${m.hash}@${m.folderMillis}`);
  const applied = (
    await onSource<{ hash: string; created_at: string }>(
      'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id',
    )
  ).map((row) => `${row.hash}@${row.created_at}`);
  if (applied.join() === code.join()) return;
  throw new MoveRefused(
    applied.length > code.length
      ? `the embedded database has ${applied.length} migrations, this version of the shop ` +
          `${code.length}: it was used by a newer version; move it with that version`
      : `the embedded database's migrations are not this version's (apps/api/drizzle): ` +
          'move it with the version of the shop that last ran on it',
  );
}

interface Column {
  name: string;
  type: string;
  generated: boolean;
}

async function catalogue(query: Query): Promise<Map<string, Column[]>> {
  const rows = await query<{ table: string } & Column>(
    `select format('%I.%I', n.nspname, c.relname) as "table", a.attname as name,
            format_type(a.atttypid, a.atttypmod) as type, a.attgenerated <> '' as generated
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind in ('r', 'p') and ${OWN_RELATION}
      order by 1, a.attnum`,
  );
  const tables = new Map<string, Column[]>();
  for (const { table, ...column } of rows) {
    tables.set(table, [...(tables.get(table) ?? []), column]);
  }
  return tables;
}

async function sequences(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and ${OWN_RELATION}
      order by 1`,
  );
  return rows.map((row) => row.name);
}

/** Parents before children, by the target's foreign keys (none of the shop's are deferrable). */
async function foreignKeyOrder(onTarget: Query, tables: string[]): Promise<string[]> {
  const edges = await onTarget<{ child: string; parent: string }>(
    `select format('%I.%I', cn.nspname, c.relname) as child,
            format('%I.%I', pn.nspname, p.relname) as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f'`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !done.has(table) && [...parents.get(table)!].every((parent) => done.has(parent)),
    );
    if (ready.length === 0) {
      const left = tables.filter((table) => !done.has(table));
      throw new Error(`the foreign keys of ${left.join(', ')} form a cycle: no order to copy in`);
    }
    for (const table of ready) {
      ordered.push(table);
      done.add(table);
    }
  }
  return ordered;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The alias of a whole row: a column of that name would be read in its place. */
const ROW = '"__move_row"';

const NUMERIC = /^(smallint|integer|bigint|numeric|real|double precision)\b/;

/** The same three figures of a table, by the same statement, on either side. */
function figures(query: Query, table: string, columns: Column[]): Promise<TableFigures> {
  const sums = columns
    .filter((column) => NUMERIC.test(column.type))
    .map((column) => `coalesce(sum(${quote(column.name)}::numeric), 0)`);
  // Each row's text, in the order of those texts in the C collation (the servers' default
  // collations differ), hashed row by row so that a large table is not one string in memory.
  return query<TableFigures>(
    `select count(*)::text as rows, (${sums.join(' + ') || '0'})::text as sum,
            md5(coalesce(string_agg(md5(${ROW}::text), '' order by ${ROW}::text collate "C"), ''))
              as md5
       from ${table} as ${ROW}`,
  ).then(([row]) => row!);
}

async function copy(
  source: PGlite,
  onSource: Query,
  target: pg.Client,
  onTarget: Query,
  batchRows: number,
): Promise<MoveReport> {
  await target.query('begin');
  let committed = false;
  try {
    // The same migrations as the shop's migrate(), but inside this transaction, so that a
    // failure anywhere leaves the target as empty as it was. The bookkeeping table is drizzle's
    // own; its rows are copied from the source below like any table's.
    await target.query('create schema if not exists "drizzle"');
    await target.query(
      `create table if not exists "drizzle"."__drizzle_migrations" (
         id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    );
    for (const migration of readMigrationFiles({ migrationsFolder })) {
      for (const statement of migration.sql) await target.query(statement);
    }

    const sourceTables = await catalogue(onSource);
    const targetTables = await catalogue(onTarget);
    const describe = (columns: Column[] | undefined) => JSON.stringify(columns ?? null);
    for (const table of new Set([...sourceTables.keys(), ...targetTables.keys()])) {
      if (describe(sourceTables.get(table)) !== describe(targetTables.get(table))) {
        throw new Error(
          `${table} is not the same in the embedded database as the migrations make it: ` +
            'it was changed by hand',
        );
      }
    }
    const sourceSequences = await sequences(onSource);
    if (sourceSequences.join() !== (await sequences(onTarget)).join()) {
      throw new Error('the embedded database has other sequences than the migrations make');
    }

    const order = await foreignKeyOrder(onTarget, [...targetTables.keys()]);
    // Triggers such as touch_updated_at would rewrite what is copied; foreign keys stay checked
    // (DISABLE TRIGGER USER leaves the constraints' own triggers, and needs only ownership).
    const triggered = new Set(
      (
        await onTarget<{ table: string }>(
          `select distinct format('%I.%I', n.nspname, c.relname) as "table"
             from pg_trigger t join pg_class c on c.oid = t.tgrelid
             join pg_namespace n on n.oid = c.relnamespace
            where not t.tgisinternal`,
        )
      ).map((row) => row.table),
    );
    for (const table of order) {
      if (triggered.has(table)) await target.query(`alter table ${table} disable trigger user`);
    }
    // Rows a migration may have written are in the source too, as the shop has kept them since.
    await target.query(`truncate ${order.join(', ')}`);
    for (const table of order) {
      await copyTable(source, target, table, targetTables.get(table)!, batchRows);
    }
    for (const table of order) {
      if (triggered.has(table)) await target.query(`alter table ${table} enable trigger user`);
    }

    const differing: string[] = [];
    for (const sequence of sourceSequences) {
      const [value] = await onSource<{ last_value: string; is_called: boolean }>(
        `select last_value::text as last_value, is_called from ${sequence}`,
      );
      await onTarget(`select setval($1::regclass, $2::bigint, $3)`, [
        sequence,
        value!.last_value,
        value!.is_called,
      ]);
      const [copied] = await onTarget<{ last_value: string; is_called: boolean }>(
        `select last_value::text as last_value, is_called from ${sequence}`,
      );
      if (copied!.last_value !== value!.last_value || copied!.is_called !== value!.is_called) {
        differing.push(sequence);
      }
    }

    const tables: TableCheck[] = [];
    for (const table of [...targetTables.keys()].sort()) {
      const columns = targetTables.get(table)!;
      const from = await figures(onSource, table, columns);
      const to = await figures(onTarget, table, columns);
      const same = from.rows === to.rows && from.sum === to.sum && from.md5 === to.md5;
      tables.push({ table, source: from, target: to, same });
    }
    const ok = differing.length === 0 && tables.every((table) => table.same);
    if (ok) {
      await target.query('commit');
      committed = true;
    }
    return { tables, sequences: { count: sourceSequences.length, differing }, ok };
  } finally {
    if (!committed) await target.query('rollback').catch(() => {});
  }
}

/**
 * Reads the table through a cursor, every value as its text, and inserts the same texts: the
 * target parses each as its column's type, so no value passes through a JavaScript type.
 */
async function copyTable(
  source: PGlite,
  target: pg.Client,
  table: string,
  allColumns: Column[],
  batchRows: number,
) {
  // Generated columns are computed again by the target; identities take the source's values.
  const columns = allColumns.filter((column) => !column.generated).map((column) => column.name);
  const perInsert = Math.max(1, Math.min(batchRows, Math.floor(65_535 / columns.length)));
  const names = columns.map(quote).join(', ');
  await source.transaction(async (tx) => {
    await tx.query(
      `declare move_rows no scroll cursor for
         select ${columns.map((name) => `${quote(name)}::text`).join(', ')} from ${table}`,
    );
    for (;;) {
      const { rows } = await tx.query<unknown[]>(`fetch ${perInsert} from move_rows`, [], {
        rowMode: 'array',
      });
      if (rows.length === 0) break;
      const values = rows.map(
        (row, r) => `(${row.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
      );
      await target.query(
        `insert into ${table} (${names}) overriding system value values ${values.join(', ')}`,
        rows.flat(),
      );
    }
    await tx.query('close move_rows');
  });
}

/** host:port/database of a postgres:// URL, without the user and password. */
export function postgresAddress(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return `${host}${pathname}`;
  } catch {
    return 'the given address';
  }
}

/** Node reports a refused connection to a name with several addresses as an AggregateError. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message) {
    return error.errors.map((inner: unknown) => reasonOf(inner)).join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}

/** The figures as a table for people: one line per table, the target's beside any difference. */
export function figuresTable(report: MoveReport): string {
  const header = ['table', 'rows', 'sum of numbers', 'md5 of rows', ''];
  const lines = report.tables.map(({ table, source, target, same }) => [
    table,
    source.rows,
    source.sum,
    source.md5.slice(0, 12),
    same
      ? 'same'
      : `DIFFERS: target ${target.rows} rows, sum ${target.sum}, md5 ${target.md5.slice(0, 12)}`,
  ]);
  const widths = header.map((_, i) =>
    Math.max(...[header, ...lines].map((line) => line[i]!.length)),
  );
  const numeric = [false, true, true, false, false];
  const format = (line: string[]) =>
    line
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const { count, differing } = report.sequences;
  return [
    format(header),
    ...lines.map(format),
    differing.length === 0
      ? `${count} sequences: the same next values`
      : `${count} sequences: DIFFERS for ${differing.join(', ')}`,
  ].join('\n');
}
