import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';
import { contractStatements } from './migration-rule.js';

/**
 * Every migration only expands, or says it is a contract step (docs/decisions/057): a release's
 * migration runs under instances of the release before it, which must go on serving.
 */

/**
 * Written before the rule (issue 33), each while the shop ran as one process that migrated at
 * start: they contract without the mark, and stay as they were applied everywhere.
 */
const BEFORE_THE_RULE = new Set([
  // orders.payment_intent_id no longer unique; orders' purchase columns set NOT NULL.
  '0005_purchases.sql',
  // company_members.email unique per company, not overall.
  '0012_invitations.sql',
  // Money in integer cents: the price columns' type changed.
  '0013_money_in_cents.sql',
]);

describe('migrations', () => {
  it('only expand, unless marked as a contract step', async () => {
    const files = (await readdir(migrationsFolder)).filter((file) => file.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(30);
    const broken: string[] = [];
    for (const file of files.sort()) {
      if (BEFORE_THE_RULE.has(file)) continue;
      const sqlText = await readFile(path.join(migrationsFolder, file), 'utf8');
      for (const { statement, why } of contractStatements(sqlText)) {
        broken.push(`${file}: ${why}: ${statement.slice(0, 120)}`);
      }
    }
    expect(broken, 'mark a contract step on its first line, or expand instead').toEqual([]);
  });

  it('the ones written before the rule are the only exceptions, and do contract', async () => {
    for (const file of BEFORE_THE_RULE) {
      const sqlText = await readFile(path.join(migrationsFolder, file), 'utf8');
      expect(contractStatements(sqlText).length, file).toBeGreaterThan(0);
    }
  });
});

describe('the expand-only rule', () => {
  const refused = (sqlText: string) => contractStatements(sqlText).map(({ why }) => why);

  it.each([
    'DROP TABLE "carts";',
    'ALTER TABLE "orders" DROP COLUMN "img";',
    'ALTER TABLE "orders" DROP CONSTRAINT "orders_number_unique";',
    'ALTER TABLE "products" ALTER COLUMN "price" DROP DEFAULT;',
    'DROP TRIGGER touch_purchase ON orders;',
    'ALTER TABLE "orders" RENAME COLUMN "img" TO "image";',
    'ALTER TABLE "carts" RENAME TO "baskets";',
    'ALTER TABLE "orders" ALTER COLUMN "price" SET DATA TYPE bigint;',
    'ALTER TABLE "orders" ALTER COLUMN "price" TYPE numeric(12, 2);',
    'ALTER TABLE "orders" ALTER COLUMN "company" SET NOT NULL;',
    'ALTER TABLE "orders" ADD COLUMN "weight" integer NOT NULL;',
    'ALTER TABLE "orders" DROP "img";',
    'ALTER TABLE "orders" ADD COLUMN "a" integer NOT NULL, ADD COLUMN "b" integer DEFAULT 0;',
    'ALTER TABLE "orders" ADD COLUMN "note" text; -- a note\nDROP TABLE "carts";',
  ])('refuses %s', (statement) => {
    expect(refused(statement)).toHaveLength(1);
  });

  it.each([
    'CREATE TABLE "jobs" ("id" uuid PRIMARY KEY NOT NULL, "kind" text NOT NULL);',
    'ALTER TABLE "orders" ADD COLUMN "weight" integer DEFAULT 0 NOT NULL;',
    'ALTER TABLE "orders" ADD COLUMN "note" text;',
    `ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (name || ' ') STORED NOT NULL;`,
    'DROP INDEX "orders_paid_at_idx";',
    'ALTER TABLE "orders" ALTER COLUMN "order_id" DROP NOT NULL;',
    'ALTER TABLE "orders" ADD COLUMN "dropped_at" timestamp; ALTER TABLE "renames" ADD COLUMN "x" text;',
    `INSERT INTO "notes" ("text") VALUES ('DROP TABLE orders');`,
  ])('allows %s', (statement) => {
    expect(refused(statement)).toEqual([]);
  });

  it('allows anything in a migration marked as a contract step on its first line', () => {
    const migration = '-- contract step: no release since 0031 reads email_jobs.next_attempt_at\n';
    expect(refused(`${migration}ALTER TABLE "email_jobs" DROP COLUMN "next_attempt_at";`)).toEqual(
      [],
    );
    // The mark must be the first line, with what no release reads.
    expect(refused(`SELECT 1;\n${migration}DROP TABLE "carts";`)).toHaveLength(1);
    expect(refused('-- contract step:\nDROP TABLE "carts";')).toHaveLength(1);
  });
});
