import { spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { api, type Stats } from '@shop/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/rows.js';
import { formatInvoiceNumber } from '../../src/modules/orders/purchase-store.js';
import { dumpOf, noteBackup, type BackupNote, type BackupSource } from '../../src/ops/backup.js';
import { archiveName, scheduledBackup } from '../../src/ops/scheduled-backups.js';
import {
  buildTestApp,
  tempDir,
  testDatabases,
  type TestApp,
  type TestDatabaseKind,
} from '../../src/test-support/build-test-app.js';
import { signIn } from '../../src/test-support/identity.js';
import { inject, injectUnchecked } from '../../src/test-support/inject.js';
import { multipartFile } from '../../src/test-support/multipart.js';
import { invoicedTeam } from '../../src/test-support/companies.js';
import { checkout, paidPurchase, payPurchase } from '../../src/test-support/purchases.js';
import { apiDir, baseEnv, freshPostgresDatabase } from '../../src/test-support/server-process.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../src/test-support/shop.js';

/**
 * `npm run backup` and `npm run restore` (decision 061), run as the operator runs them: the
 * commands in processes of their own, against a shop that runs meanwhile and takes orders.
 */

/** Runs src/scripts/<name>.ts as `npm run <name> -- file` does, with only `env`. */
function command(name: 'backup' | 'restore', file: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join('src', 'scripts', `${name}.ts`), file],
      {
        cwd: apiDir,
        env: { ...baseEnv(), NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('close', (code) => resolve({ code, output }));
  });
}

/**
 * Every table's rows and every sequence's position: two equal fingerprints are one database.
 * Left out: the shop's own bookkeeping that moves by itself while it runs (the job runner's
 * emails and sweeps, the note of each backup written).
 */
const MOVING = ['public.jobs', 'public.email_jobs', 'public.backups'];
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select format('%I.%I', schemaname, tablename) as name from pg_catalog.pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`),
  ).filter(({ name }) => !MOVING.includes(name));
  const prints: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number; hash: string }>(
      await db.execute(
        sql.raw(`select count(*)::int as n,
          md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash from ${name} x`),
      ),
    );
    prints[name] = `${row!.n} rows ${row!.hash}`;
  }
  for (const { name, position } of rowsOf<{ name: string; position: string | null }>(
    await db.execute(sql`
      select format('%I.%I', schemaname, sequencename) as name, last_value::text as position
      from pg_catalog.pg_sequences order by 1`),
  )) {
    if (!MOVING.some((table) => name.startsWith(`${table}_`))) {
      prints[`sequence ${name}`] = position ?? 'unused';
    }
  }
  return prints;
}

/** This year's invoice numbers and the counter the next one follows. */
async function invoiceNumbers(db: Db) {
  const numbers = rowsOf<{ number: string }>(
    await db.execute(sql`
      select invoice_number as number from purchases
      where invoice_number is not null order by invoice_number`),
  ).map((row) => row.number);
  const [counter] = rowsOf<{ last: number }>(
    await db.execute(sql`
      select last from invoice_counters where year = extract(year from now())::int`),
  );
  return { numbers, last: counter?.last ?? 0 };
}

const year = () => new Date().getFullYear();

describe.each(testDatabases())('%s: backup and restore', (kind: TestDatabaseKind) => {
  let t: TestApp;
  let data: Awaited<ReturnType<typeof tempDir>>;
  const restoredDirs: Awaited<ReturnType<typeof tempDir>>[] = [];
  const dropDatabases: (() => Promise<void>)[] = [];
  let admin: Shopper;
  let buyers: Shopper[];
  let accountBuyer: Shopper;
  let productId: string;
  let picture: string;
  /** The environment the commands and `npm start` read for the shop under test. */
  let shopEnv: Record<string, string>;

  // Without AUTH_SECRET the shop signs sessions with a secret it keeps in its database: the
  // restored shop must sign in the same people with it.
  const env = (extra: Record<string, string>) => orderTestEnv({ AUTH_SECRET: '', ...extra });

  beforeAll(async () => {
    data = await tempDir('shop-backup-');
    t = await buildTestApp(kind, {
      env: env({ DATA_DIR: data.dir }),
      ...(kind === 'pglite' ? { pgliteDir: path.join(data.dir, 'db') } : {}),
    });
    shopEnv = {
      DATA_DIR: data.dir,
      ...(t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}),
    };
    admin = await adminShopper(t);
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const file = multipartFile('file', 'gpu.png', 'image/png', png);
    const uploaded = await injectUnchecked(
      t,
      api.catalog.upload,
      { body: file.payload },
      { headers: { ...admin.headers, ...file.headers } },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    picture = uploaded.json<{ url: string }>().url;
    productId = (
      await addProduct(t, { name: 'Backup GPU 16 GB', price: 40, available: 100_000, img: picture })
    )._id;
    // Three customers paying by card, and a company's buyer on Net 30 (ledger entries).
    const team = await invoicedTeam(t, admin, 'Backup Systems GmbH');
    accountBuyer = team.buyer;
    buyers = [...(await Promise.all([1, 2, 3].map(() => shopper(t)))), team.buyer];
    for (const buyer of buyers.slice(0, 2))
      await paidPurchase(t, buyer, [{ productId, quantity: 2 }]);
    // One left unpaid: it holds stock, and must come back holding it.
    await checkout(t, buyers[2]!, [{ productId, quantity: 3 }]);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    for (const drop of dropDatabases) await drop();
    for (const dir of restoredDirs) await dir.remove();
    await data?.remove();
  });

  /** An empty target for a restore: a new DATA_DIR, and on PostgreSQL a new database. */
  interface Target {
    dir: string;
    env: Record<string, string>;
    /** PostgreSQL: the new database's name. */
    database?: string;
  }
  async function emptyTarget(): Promise<Target> {
    const dir = await tempDir('shop-restored-');
    restoredDirs.push(dir);
    if (kind === 'pglite') return { dir: dir.dir, env: { DATA_DIR: dir.dir } };
    const database = await freshPostgresDatabase();
    dropDatabases.push(database.drop);
    return {
      dir: dir.dir,
      env: { DATA_DIR: dir.dir, DATABASE_URL: database.url },
      database: new URL(database.url).pathname.slice(1),
    };
  }

  async function startRestored(target: Target) {
    return buildTestApp(kind, {
      env: env({ DATA_DIR: target.dir }),
      ...(kind === 'pglite'
        ? { pgliteDir: path.join(target.dir, 'db') }
        : { postgresDatabase: target.database! }),
    });
  }

  it('a quiet shop comes back whole: every row, sequence, account, the session secret and the pictures', async () => {
    const file = path.join(data.dir, 'quiet.tar');
    const backup = await command('backup', file, shopEnv);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backup written: ${file}`);
    const before = await fingerprint(t.db);

    const target = await emptyTarget();
    const restore = await command('restore', file, target.env);
    expect(restore.code, restore.output).toBe(0);
    const restored = await startRestored(target);
    try {
      const after = await fingerprint(restored.db);
      // The restored shop noted nothing of its own yet: its tables are the source's.
      expect(after).toEqual(before);
      expect(Object.keys(after)).toEqual(
        expect.arrayContaining(['public.purchases', 'public.app_secrets', 'public.auth_accounts']),
      );
      // The same password signs the same customer in, and the picture is served.
      await signIn(restored, { email: buyers[0]!.email, password: buyers[0]!.password });
      const served = await restored.app.inject({ method: 'GET', url: picture });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await readdir(path.join(target.dir, 'uploads'))).sort()).toEqual(
        (await readdir(path.join(data.dir, 'uploads'))).sort(),
      );
    } finally {
      await restored.close({ keep: true });
    }
  }, 180_000);

  it('taken while four customers buy and pay, it restores a consistent shop whose next invoice number follows without a gap', async () => {
    const file = path.join(data.dir, 'busy.tar');
    let backingUp = true;
    let placedMeanwhile = 0;
    /** Purchases the shop acknowledged (paid, or invoiced on account) before the backup began. */
    const acknowledged: string[] = [];
    let started = false;
    const buy = (buyer: Shopper) =>
      buyer === accountBuyer
        ? checkout(t, buyer, [{ productId, quantity: 1 }], { paymentMethod: 'account' })
        : paidPurchase(t, buyer, [{ productId, quantity: 1 }]);
    const customers = buyers.map(async (buyer) => {
      while (backingUp) {
        const purchase = await buy(buyer);
        if (!started) acknowledged.push(purchase._id);
        else placedMeanwhile += 1;
      }
    });
    // Each customer has bought at least once when the command starts.
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
    started = true;
    const backup = await command('backup', file, shopEnv);
    backingUp = false;
    await Promise.all(customers);
    expect(backup.code, backup.output).toBe(0);
    expect(placedMeanwhile).toBeGreaterThan(0);

    const target = await emptyTarget();
    const restore = await command('restore', file, target.env);
    expect(restore.code, restore.output).toBe(0);
    const restored = await startRestored(target);
    try {
      // The invoices in the archive are numbered 1..n without a hole, n is the counter's last,
      // and each is the number the source gave that purchase.
      const { numbers, last } = await invoiceNumbers(restored.db);
      expect(numbers.length).toBeGreaterThanOrEqual(2);
      expect(numbers).toEqual(
        Array.from({ length: last }, (_, index) => formatInvoiceNumber(year(), index + 1)),
      );
      const source = new Set((await invoiceNumbers(t.db)).numbers);
      for (const number of numbers) expect(source.has(number)).toBe(true);

      // Every purchase acknowledged before the backup began is there as the source has it, and
      // every ledger entry in the archive is the source's; each company's balance is the sum of
      // its entries.
      const rowsById = async (db: Db, table: string, ids: string[]) =>
        rowsOf<{ row: string }>(
          await db.execute(
            sql.raw(`select x::text as row from ${table} x
              where x.id in (${ids.map((id) => `'${id}'`).join(', ')}) order by x.id`),
          ),
        ).map(({ row }) => row);
      expect(acknowledged.length).toBeGreaterThanOrEqual(4);
      expect(await rowsById(restored.db, 'purchases', acknowledged)).toEqual(
        await rowsById(t.db, 'purchases', acknowledged),
      );
      const entries = rowsOf<{ id: string }>(
        await restored.db.execute(sql`select id from ledger_entries`),
      ).map(({ id }) => id);
      expect(entries.length).toBeGreaterThanOrEqual(4);
      expect(await rowsById(restored.db, 'ledger_entries', entries)).toEqual(
        await rowsById(t.db, 'ledger_entries', entries),
      );
      const unbalanced = rowsOf(
        await restored.db.execute(sql`
          select c.id from companies c
          where c.balance <> (select coalesce(sum(e.amount), 0) from ledger_entries e
                              where e.company_id = c.id)`),
      );
      expect(unbalanced).toEqual([]);

      // The restored shop sells on: its next invoice follows the last one restored.
      const buyer = buyers[0]!;
      const cookie = await signIn(restored, { email: buyer.email, password: buyer.password });
      expect(cookie).toBeTruthy();
      const next = await paidPurchase(restored, buyer, [{ productId, quantity: 1 }]);
      expect(next.invoiceNumber).toBe(formatInvoiceNumber(year(), last + 1));
      const mine = await inject(restored, api.purchases.listOwn, {}, buyer);
      expect(mine.statusCode).toBe(200);
    } finally {
      await restored.close({ keep: true });
    }
  }, 240_000);

  it('refuses a target that is not empty, and a file that is not a backup, changing nothing', async () => {
    const file = path.join(data.dir, 'quiet.tar');
    const before = await fingerprint(t.db);
    const overShop = await command('restore', file, shopEnv);
    expect(overShop.code).toBe(1);
    expect(overShop.output).toMatch(/not empty/);

    const target = await emptyTarget();
    const notBackup = path.join(data.dir, 'notes.txt');
    await writeFile(notBackup, 'not an archive');
    const wrong = await command('restore', notBackup, target.env);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(/is not a backup of the shop/);

    // The source shop goes on as it was.
    expect(await fingerprint(t.db)).toEqual(before);
    const buyer = buyers[0]!;
    const placed = await checkout(t, buyer, [{ productId, quantity: 1 }]);
    await payPurchase(t, buyer, placed._id);
  }, 120_000);
});

describe.each(testDatabases())('%s: scheduled backups (BACKUP_DIR)', (kind: TestDatabaseKind) => {
  let t: TestApp;
  let data: Awaited<ReturnType<typeof tempDir>>;
  let dir: string;
  let admin: Shopper;
  beforeAll(async () => {
    data = await tempDir('shop-scheduled-');
    dir = path.join(data.dir, 'backups');
    t = await buildTestApp(kind, {
      env: orderTestEnv({ DATA_DIR: data.dir, BACKUP_DIR: dir, BACKUP_KEEP: '2' }),
    });
    admin = await adminShopper(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await data?.remove();
  });

  const overview = async () => {
    const answer = await inject(t, api.stats.overview, {}, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Stats>().backups;
  };
  const source = (): BackupSource => ({
    kind: t.database.kind,
    dump: dumpOf(
      t.database,
      t.config.database.kind === 'postgres' ? t.config.database.url : undefined,
    ),
    uploads: t.app.uploads,
  });
  const note = (entry: BackupNote) => noteBackup(t.db, entry);

  it('writes the first when the shop starts, shows it on the Overview, and keeps the newest BACKUP_KEEP', async () => {
    const archives = async () =>
      (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.tar'));
    await expect.poll(async () => (await archives()).length, { timeout: 60_000 }).toBe(1);
    const [first] = await archives();
    await expect
      .poll(async () => (await overview()).last?.file, { timeout: 30_000 })
      .toBe(path.join(dir, first!));
    expect(await overview()).toMatchObject({
      scheduled: true,
      last: { trigger: 'schedule', bytes: expect.any(Number) },
      failed: null,
    });

    const day = new Date(Date.now() + 24 * 3_600_000);
    const twoDays = new Date(Date.now() + 48 * 3_600_000);
    const schedule = { dir, everyHours: 24, keep: 2 };
    await scheduledBackup(source(), note, schedule, t.app.log, day);
    await scheduledBackup(source(), note, schedule, t.app.log, twoDays);
    // The first, the oldest, is gone.
    expect((await readdir(dir)).sort()).toEqual([archiveName(day), archiveName(twoDays)]);
    // Nothing half-written is left beside them.
  }, 120_000);

  it('notes a failed backup, which the Overview shows after the last written one', async () => {
    // A file where the folder should be: the archive cannot be written.
    const blocked = path.join(data.dir, 'not-a-folder');
    await writeFile(blocked, 'in the way');
    await expect(
      scheduledBackup(source(), note, { dir: blocked, everyHours: 24, keep: 2 }, t.app.log),
    ).rejects.toThrow();
    const status = await overview();
    expect(status.failed?.file.startsWith(blocked)).toBe(true);
    expect(status.failed?.error).toBeTruthy();
    expect(status.last).not.toBeNull();
  }, 60_000);
});
