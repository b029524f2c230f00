import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import { insertMany } from './insert-many.js';

/** A table of every kind of column the shop inserts in bulk, made by this test alone. */
const sample = pgTable('insert_many_sample', {
  id: uuid('id').primaryKey(),
  position: integer('position').notNull(),
  label: text('label'),
  cents: bigint('cents', { mode: 'number' }),
  flag: boolean('flag').notNull().default(false),
  at: timestamp('at', { withTimezone: true }),
  note: text('note').notNull().default('none'),
});

/** Text an array literal must escape: quotes, backslashes, commas, braces, NULL, blanks. */
const awkward = [
  'He said "fast"',
  'back\\slash',
  'a, b',
  '{braces}',
  'NULL',
  '',
  '  spaced  ',
  "it's",
  'Größe 3½" — 東京',
  'line\nbreak',
];

describe.each(testDatabases())('insertMany on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await t.db.execute(
      sql.raw(`create table insert_many_sample (
        id uuid primary key, position integer not null, label text, cents bigint,
        flag boolean not null default false, at timestamptz, note text not null default 'none')`),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores every value of every row as given, in one statement, and defaults what it omits', async () => {
    const at = new Date('2026-11-27T13:20:01.123Z');
    const rows = Array.from({ length: 2_500 }, (_, position) => ({
      id: randomUUID(),
      position,
      label: position % 7 === 3 ? null : awkward[position % awkward.length]!,
      cents: position % 5 === 0 ? null : 9_007_199_254_740 + position,
      flag: position % 2 === 0,
      at: position % 3 === 0 ? null : new Date(at.getTime() + position),
    }));
    await insertMany(t.db, sample, rows);
    const stored = await t.db.select().from(sample).orderBy(asc(sample.position));
    expect(stored).toEqual(rows.map((row) => ({ ...row, note: 'none' })));
  });

  it('inserts nothing for no rows, and refuses a row that leaves out a column another gives', async () => {
    await insertMany(t.db, sample, []);
    const one = { id: randomUUID(), position: 1, label: 'x' };
    await expect(
      insertMany(t.db, sample, [one, { id: randomUUID(), position: 2 }]),
    ).rejects.toThrow(/a row gives no label/);
    await expect(
      insertMany(t.db, sample, [{ ...one, label: sql`'x'` as unknown as string }]),
    ).rejects.toThrow(/label is not a plain value/);
  });
});
