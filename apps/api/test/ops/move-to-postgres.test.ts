import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { api, checkoutSchema, type Checkout } from '@shop/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, pgliteOptions } from '../../src/db/client.js';
import { formatInvoiceNumber } from '../../src/modules/orders/purchase-store.js';
import { findShopUserByEmail } from '../../src/modules/users/service.js';
import { MoveRefused, moveToPostgres } from '../../src/ops/move-to-postgres.js';
import { demoUsers } from '../../src/seed/seed-data.js';
import { buildTestApp, tempDir, type TestApp } from '../../src/test-support/build-test-app.js';
import { bearer, shopToken, signIn, type TestUser } from '../../src/test-support/identity.js';
import { inject } from '../../src/test-support/inject.js';
import { CONTACT, payPurchase } from '../../src/test-support/purchases.js';
import { freshPostgresDatabase } from '../../src/test-support/server-process.js';
import { addProduct, orderTestEnv, shopper, type Shopper } from '../../src/test-support/shop.js';
import { checkout } from '../../src/workflows/buying/routes-adapters.js';

/**
 * issue 33 item 3: a shop on the embedded database, with the demo data and 1,000 purchases placed
 * through the purchase code the routes call (some paid by card, some invoiced on account), moved
 * into an empty PostgreSQL database: the figures agree, and the shop started on PostgreSQL has the
 * same purchases, invoice numbers and passwords, and numbers the next ones without a gap.
 */

const run = promisify(execFile);
const script = fileURLToPath(new URL('../../src/scripts/move-to-postgres.ts', import.meta.url));
const apiDir = fileURLToPath(new URL('../..', import.meta.url));

const PURCHASES = 1000;
/** Every fifth purchase is the demo approver's, on the demo company's account: invoiced at once. */
const ON_ACCOUNT_EVERY = 5;
/** Card purchases paid as the payment page pays (three requests each): invoices of another kind. */
const PAID_BY_CARD = 10;
const SHOPPERS = 4;

const approver = demoUsers.find((user) => user.email === 'approver@partsworks.com')!;
const env = (dataDir: string) => orderTestEnv({ SEED_DEMO_DATA: 'true', DATA_DIR: dataDir });

async function moveScript(args: string[], dataDir: string) {
  return run(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' },
    cwd: apiDir,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** What the move must carry over, read from either side with the same statements. */
async function facts(query: (text: string) => Promise<Record<string, unknown>[]>) {
  return {
    purchases: await query(
      `select id, number, user_id, invoice_number, invoiced_at::text, updated_at::text, line_state, ship_to
         from purchases order by number`,
    ),
    counters: await query('select year, last from invoice_counters order by year'),
    purchaseNumber: (await query('select last_value::text from purchase_number_seq'))[0],
    passwords: await query('select user_id, password from auth_accounts order by user_id'),
  };
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * An empty database owned by a role without superuser rights, as a hosted PostgreSQL gives one:
 * the move must not need more than owning what it creates.
 */
async function plainRoleDatabase() {
  const target = await freshPostgresDatabase();
  const url = new URL(target.url);
  const role = `shop_move_${randomBytes(4).toString('hex')}`;
  await admin(`create role "${role}" login nosuperuser`);
  await admin(`alter database "${url.pathname.slice(1)}" owner to "${role}"`);
  url.username = role;
  return {
    url: url.toString(),
    name: url.pathname.slice(1),
    drop: async () => {
      await target.drop();
      await admin(`drop role if exists "${role}"`);
    },
  };
}

async function totalOwn(t: TestApp, who: TestUser): Promise<{ total: number; who: Shopper }> {
  const token = await shopToken(t, who.email, await signIn(t, who));
  const answer = await inject(t, api.purchases.listOwn, { query: {} }, { headers: bearer(token) });
  expect(answer.statusCode, answer.body).toBe(200);
  return { total: answer.json().total, who: { ...who, token, headers: bearer(token) } };
}

if (process.env.TEST_DATABASE_URL) {
  describe('npm run move-to-postgres', () => {
    let data: { dir: string; remove: () => Promise<void> };
    let pgliteDir: string;
    let shoppers: Shopper[];
    let before: Awaited<ReturnType<typeof facts>>;
    const cleanups: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      data = await tempDir('shop-move-');
      pgliteDir = path.join(data.dir, 'db');
      const t = await buildTestApp('pglite', { env: env(data.dir) });
      try {
        shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => shopper(t)));
        const product = await addProduct(t, { price: 5, available: 1_000_000 });
        const buyers = await Promise.all(
          shoppers.map((who) => findShopUserByEmail(t.db, who.email)),
        );
        const onAccount = (await findShopUserByEmail(t.db, approver.email))!;
        const cardPurchases: { who: Shopper; id: string }[] = [];
        for (let i = 0; i < PURCHASES; i++) {
          const lines = [{ productId: product._id, quantity: 1 + (i % 7) }];
          const account = i % ON_ACCOUNT_EVERY === 0;
          const input: Checkout = {
            lines,
            ...CONTACT,
            paymentMethod: account ? 'account' : 'card',
          };
          const who = account ? onAccount : buyers[i % SHOPPERS]!;
          const placed = await checkout(t.app.orders, who, checkoutSchema.parse(input));
          if (account) expect(placed.invoiceNumber).toBeTruthy();
          else cardPurchases.push({ who: shoppers[i % SHOPPERS]!, id: placed._id });
        }
        for (const { who, id } of cardPurchases.slice(0, PAID_BY_CARD)) {
          await payPurchase(t, who, id);
        }
        // The shop's data directory as a crash at this moment would leave it, written to disk
        // and closed there as a stopped shop leaves it: an in-memory shop placed the purchases
        // in half the time one on disk takes (each commit waits for the disk there).
        const client = (t.db as unknown as { $client: PGlite }).$client;
        const dump = await client.dumpDataDir('none');
        const onDisk = await PGlite.create(pgliteDir, { ...pgliteOptions(), loadDataDir: dump });
        before = await facts(async (text) => (await onDisk.query(text)).rows as never[]);
        await onDisk.close();
      } finally {
        await t.close();
      }
      // Nearly all of it placing the purchases on PGlite, some 60 to 80 ms of CPU each (75 s in
      // all here, twice that on a machine busy with other tests): the limit leaves that room.
    }, 480_000);

    afterAll(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
      await data?.remove();
    });

    it('moves the shop: the same figures, purchases, invoice numbers and passwords, and the next numbers follow', async () => {
      expect(before.purchases.length).toBeGreaterThan(PURCHASES);
      const target = await plainRoleDatabase();
      cleanups.push(target.drop);

      const moved = await moveScript([target.url], data.dir);
      expect(moved.stderr).toBe('');
      expect(moved.code).toBe(0);
      // The header, a line per table, the sequences' line, the last line.
      const lines = moved.stdout.trim().split('\n');
      const header = lines.findIndex((line) => /^table\s+rows\s+sum of numbers\s+md5/.test(line));
      const tables = lines.slice(header + 1, -2);
      expect(header).toBeGreaterThan(-1);
      expect(tables.length).toBeGreaterThan(30);
      for (const line of tables)
        expect(line).toMatch(/^\S+\.\S+\s+\d+\s+-?[\d.]+\s+[0-9a-f]{12}\s+same$/);
      expect(Number(/^public\.purchases\s+(\d+)\s/m.exec(moved.stdout)?.[1])).toBe(
        before.purchases.length,
      );
      expect(moved.stdout).toMatch(/sequences: the same next values/);

      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        await client.query(`set timezone = 'UTC'`);
        expect(await facts(async (text) => (await client.query(text)).rows)).toEqual(before);
      } finally {
        await client.end();
      }

      const t = await buildTestApp('postgres', {
        postgresDatabase: target.name,
        env: env(data.dir),
      });
      try {
        // Each customer signs in with the password of the embedded shop and sees their purchases.
        const first = await totalOwn(t, shoppers[0]!);
        const byFirst = Array.from({ length: PURCHASES }, (_, i) => i).filter(
          (i) => i % ON_ACCOUNT_EVERY !== 0 && i % SHOPPERS === 0,
        );
        expect(first.total).toBe(byFirst.length);
        const demo = await totalOwn(t, approver);
        expect(demo.total).toBeGreaterThanOrEqual(PURCHASES / ON_ACCOUNT_EVERY);

        // The next purchase and the next invoice take the numbers after the last ones.
        const product = await addProduct(t, { price: 5, available: 10 });
        const next = await inject(
          t,
          api.purchases.checkout,
          { body: { lines: [{ productId: product._id, quantity: 1 }], ...CONTACT } },
          first.who,
        );
        expect(next.statusCode, next.body).toBe(201);
        const lastNumber = Number(before.purchaseNumber!.last_value);
        expect(next.json().number).toBe(`PW-${String(lastNumber + 1).padStart(6, '0')}`);
        const paid = await payPurchase(t, first.who, next.json()._id);
        const counter = before.counters.at(-1) as { year: number; last: number };
        expect(paid.invoiceNumber).toBe(formatInvoiceNumber(counter.year, counter.last + 1));
      } finally {
        await t.close({ keep: true });
      }
    }, 120_000);

    it('refuses a target that is not empty, in one line and with exit code 1', async () => {
      const target = await freshPostgresDatabase();
      cleanups.push(target.drop);
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      await client.query('create table notes (body text)');
      await client.end();

      const refused = await moveScript([target.url], data.dir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^move-to-postgres: the target database \S+ is not empty \(public\.notes\): move into a new, empty database\n$/,
      );

      const usage = await moveScript([], data.dir);
      expect(usage.code).toBe(2);
    }, 60_000);

    it('refuses a database the shop has open, and a target it cannot reach', async () => {
      const target = await freshPostgresDatabase();
      cleanups.push(target.drop);
      const open = await connectDatabase({ kind: 'pglite', dataDir: pgliteDir });
      try {
        await expect(moveToPostgres({ pgliteDir, targetUrl: target.url })).rejects.toThrow(
          new MoveRefused(
            `the embedded database in ${pgliteDir} is open (postmaster.pid): stop the shop first; ` +
              'if it is stopped already, it was not stopped cleanly: start it once and stop it again',
          ),
        );
      } finally {
        await open.close();
      }
      await expect(
        moveToPostgres({ pgliteDir, targetUrl: 'postgres://postgres@127.0.0.1:1/nowhere' }),
      ).rejects.toThrow(/^cannot connect to PostgreSQL at 127\.0\.0\.1:1\/nowhere \(/);
      expect(await tableCount(target.url)).toBe(0);
    }, 60_000);

    it('refuses a database of a newer version, and leaves the target empty when the copy fails', async () => {
      const target = await freshPostgresDatabase();
      cleanups.push(target.drop);
      const source = await connectDatabase({ kind: 'pglite', dataDir: pgliteDir });
      const client = (source.db as unknown as { $client: PGlite }).$client;
      try {
        await client.query(
          `insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 9999999999999)`,
        );
        await source.close();
        await expect(moveToPostgres({ pgliteDir, targetUrl: target.url })).rejects.toThrow(
          /it was used by a newer version; move it with that version$/,
        );
        expect(await tableCount(target.url)).toBe(0);
      } finally {
        const again = await connectDatabase({ kind: 'pglite', dataDir: pgliteDir });
        await (again.db as unknown as { $client: PGlite }).$client.query(
          `delete from drizzle.__drizzle_migrations where hash = 'newer'`,
        );
        await again.close();
      }

      // A column added by hand: found after the migrations ran on the target, in its transaction.
      const changed = await connectDatabase({ kind: 'pglite', dataDir: pgliteDir });
      await (changed.db as unknown as { $client: PGlite }).$client.query(
        'alter table reviews add column note text',
      );
      await changed.close();
      try {
        await expect(moveToPostgres({ pgliteDir, targetUrl: target.url })).rejects.toThrow(
          /^public\.reviews is not the same in the embedded database as the migrations make it/,
        );
        expect(await tableCount(target.url)).toBe(0);
      } finally {
        const again = await connectDatabase({ kind: 'pglite', dataDir: pgliteDir });
        await (again.db as unknown as { $client: PGlite }).$client.query(
          'alter table reviews drop column note',
        );
        await again.close();
      }
    }, 90_000);
  });
}

/** Tables and sequences in the database, the drizzle schema's included. */
async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*)::text as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'S') and n.nspname in ('public', 'drizzle')`,
    );
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}
