import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@shop/shared';
import { countProducts } from '../modules/catalog/service.js';
import { listReviews } from '../modules/reviews/service.js';
import {
  buildTestApp,
  tempDir,
  testDatabases,
  type TestApp,
} from '../test-support/build-test-app.js';
import { bearer, shopToken, signIn } from '../test-support/identity.js';
import { dbSnapshot } from '../test-support/db-snapshot.js';
import { inject } from '../test-support/inject.js';
import { authUsers, companies, taxRates, users } from '../db/schema.js';
import { DEMO_TAX_RATES, usRates } from '../modules/tax/rates.js';
import { demoCompany, demoProducts, demoReviews, demoUsers } from './seed-data.js';
import { seedDemoData } from './seed.js';

describe.each(testDatabases())('seed on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('fills an empty database once; seeding again changes nothing', async () => {
    t = await buildTestApp(kind);
    expect(await countProducts(t.db)).toBe(demoProducts.length);
    const nothing = {
      seeded: false,
      products: 0,
      reviews: 0,
      shippingMethods: 0,
      users: 0,
      companies: 0,
      invoices: 0,
      quotes: 0,
      accounts: [],
    };
    expect(await seedDemoData(t.db, t.app.identity.auth)).toEqual(nothing);
    expect(await seedDemoData(t.db, t.app.identity.auth)).toEqual(nothing);
    expect(await countProducts(t.db)).toBe(demoProducts.length);
    expect(await listReviews(t.db)).toHaveLength(demoReviews.length);

    // 2026 state base rates for a new shop; an admin's table, even emptied, is left as it is.
    expect(await usRates(t.db)).toEqual(
      Object.fromEntries(DEMO_TAX_RATES.map(({ region, rate }) => [region, rate])),
    );
    expect(await usRates(t.db)).toMatchObject({ CA: 0.0725, NY: 0.04, TX: 0.0625 });
    await t.db.delete(taxRates);
    await seedDemoData(t.db, t.app.identity.auth);
    expect(await usRates(t.db)).toEqual({});
  });

  it('ships the demo catalogue by ground, express, air and sea freight, priced by its weights (decision 036)', async () => {
    t = await buildTestApp(kind);
    const items = (await inject(t, api.catalog.list)).json();
    expect(items.every((item) => item.weightKg > 0)).toBe(true);
    const chassis = items.find((item) => item.sku === 'CHS-4U-RM')!;
    const options = async (country: string, weight: number, subtotal?: number) =>
      (
        await inject(t!, api.shipping.options, {
          query: {
            country,
            weight: String(weight),
            ...(subtotal ? { subtotal: String(subtotal) } : {}),
          },
        })
      )
        .json()
        .map((option) => [option.name, option.price]);
    // Three chassis to Texas: ground first, then next-day air, then air freight's minimum charge.
    expect(await options('US', chassis.weightKg * 3)).toEqual([
      ['UPS Ground', 79],
      ['UPS Next Day Air', 249],
      ['Air Freight', 480],
    ]);
    expect((await options('US', 1, 2500))[0]).toEqual(['UPS Ground', 0]);
    expect((await options('DE', 1))[0]).toEqual(['DHL Paket', 7.5]);
    expect((await options('FR', 1))[0]).toEqual(['DHL Paket International', 18.9]);
    // A pallet of 400 kg to Japan goes by air or by sea, nothing else takes it.
    expect(await options('JP', 400)).toEqual([
      ['Sea Freight (LCL)', 850],
      ['Air Freight', 3600],
    ]);
    // Seeding again adds none.
    expect(await seedDemoData(t.db, t.app.identity.auth)).toMatchObject({ shippingMethods: 0 });
  });

  it('creates the demo admin and customers once, through Better Auth, who sign in with the printed passwords', async () => {
    t = await buildTestApp(kind);
    const accounts = await t.db.select().from(authUsers).orderBy(asc(authUsers.email));
    expect(accounts.map((a) => [a.email, a.name])).toEqual([
      ['admin@partsworks.com', 'ADA ADMIN'],
      ['approver@partsworks.com', 'ALMA APPROVER'],
      ['buyer@partsworks.com', 'BEN BUYER'],
      ['colleague@partsworks.com', 'CLEO COLLEAGUE'],
    ]);
    for (const demo of demoUsers) {
      const cookie = await signIn(t, demo);
      const token = await shopToken(t, demo.email, cookie);
      const admin = await inject(
        t,
        api.identity.adminStatus,
        { params: { email: demo.email } },
        { headers: bearer(token) },
      );
      expect(admin.json()).toEqual({ admin: demo.admin });
    }
    // Seeding again, as every restart does, adds no one.
    expect(await seedDemoData(t.db, t.app.identity.auth)).toMatchObject({ users: 0 });
    expect(await t.db.select().from(authUsers)).toHaveLength(demoUsers.length);
    expect(await t.db.select().from(users)).toHaveLength(demoUsers.length);
  });

  it('makes the demo company once: the customer owns it, a colleague buys within a limit, one approves, contract prices, Net 30 terms and invoices on account', async () => {
    t = await buildTestApp(kind);
    const owner = demoUsers.find((demo) => demo.email === demoCompany.owner)!;
    const token = await shopToken(t, owner.email, await signIn(t, owner));
    const who = { headers: bearer(token) };
    const mine = await inject(t, api.companies.mine, {}, who);
    expect(mine.statusCode, mine.body).toBe(200);
    const company = mine.json();
    expect(company).toMatchObject(demoCompany.company);
    // Net 30 against $50,000 (issue 30), set as the admin sets terms; three invoices on account,
    // the first paid by a bank transfer, the others open, and the accepted quote's (issue 31):
    // the balance is what the open ones ask.
    expect(company).toMatchObject(demoCompany.terms);
    const invoices = await inject(
      t,
      api.companies.invoices,
      { params: { id: company._id }, query: { limit: '10' } },
      who,
    );
    const [quoted, third, second, first] = invoices.json().items;
    expect([first, second, third, quoted].map((i) => [i?.poNumber, i?.status])).toEqual([
      ['NW-PO-4410', 'paid'],
      ['NW-PO-4418', 'open'],
      ['NW-PO-4425', 'open'],
      [null, 'open'],
    ]);
    expect(first!.amountDue).toBe(0);
    const open = Math.round((second!.amountDue + third!.amountDue + quoted!.amountDue) * 100) / 100;
    expect(company.balance).toBe(open);
    const account = await inject(t, api.companies.account, { params: { id: company._id } }, who);
    expect(account.json()).toMatchObject({ balance: open, available: 50000 - open, total: 5 });
    expect(account.json().entries.map((e) => [e.kind, e.reference])).toEqual([
      ['invoice', quoted!.invoiceNumber],
      ['payment', demoCompany.transfer.reference],
      ['invoice', third!.invoiceNumber],
      ['invoice', second!.invoiceNumber],
      ['invoice', first!.invoiceNumber],
    ]);
    const spent = [first, second, third].reduce((sum, i) => sum + Math.round(i!.total * 100), 0);
    // Owners first, then approvers, then buyers; all joined, their addresses being verified.
    expect(company.members).toEqual(
      [
        { email: owner.email, role: 'owner', spendingLimit: null },
        ...demoCompany.members.filter((m) => m.role === 'approver'),
        ...demoCompany.members.filter((m) => m.role === 'buyer'),
      ].map((member) =>
        expect.objectContaining({
          ...member,
          status: 'active',
          // The approver bought the invoices on account this month, the owner the quote.
          spentThisMonth:
            member.email === demoCompany.buyerOnAccount
              ? spent / 100
              : member.email === owner.email
                ? quoted!.total
                : 0,
        }),
      ),
    );
    // Two quotes (issue 31): the render farm's offer still open, the rack refresh accepted.
    const quotes = (await inject(t, api.quotes.list, {}, who)).json().items;
    expect(quotes.map((q) => [q.status, q.lineCount, q.purchaseId === quoted!._id])).toEqual([
      ['accepted', 2, true],
      ['offered', 2, false],
    ]);
    const prices = await inject(t, api.companies.prices, { params: { id: company._id } }, who);
    expect(prices.json().items.map(({ sku, price }) => ({ sku, price }))).toEqual(
      [...demoCompany.prices].sort((a, b) => a.sku.localeCompare(b.sku)),
    );

    const locations = await inject(t, api.locations.list, { params: { id: company._id } }, who);
    expect(locations.json().items.map(({ name, address }) => ({ name, address }))).toEqual(
      [...demoCompany.locations]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((location) => ({
          ...location,
          address: expect.objectContaining(location.address),
        })),
    );

    // Seeding again, as every restart does, changes nothing: no second company, member or price.
    const before = await dbSnapshot(t.db);
    expect(await seedDemoData(t.db, t.app.identity.auth)).toMatchObject({ companies: 0 });
    expect(await dbSnapshot(t.db)).toEqual(before);
    expect(await t.db.select().from(companies)).toHaveLength(1);
  });

  it('leaves the database empty when SEED_DEMO_DATA is false', async () => {
    t = await buildTestApp(kind, { env: { SEED_DEMO_DATA: 'false' } });
    expect(await countProducts(t.db)).toBe(0);
    const response = await inject(t, api.catalog.list);
    expect(response.json()).toEqual([]);
    expect(await t.db.select().from(authUsers)).toEqual([]);
    expect(await t.db.select().from(companies)).toEqual([]);
  });
});

describe('demo data', () => {
  const webPublic = fileURLToPath(new URL('../../../web/public', import.meta.url));

  it.each(demoProducts.map((p) => [p.img]))(
    'has a small picture served by the web app at %s',
    (img) => {
      const size = statSync(`${webPublic}${img}`).size;
      expect(size).toBeGreaterThan(500);
      expect(size).toBeLessThan(6 * 1024);
    },
  );

  it('names each product and picture once', () => {
    expect(new Set(demoProducts.map((p) => p.name)).size).toBe(demoProducts.length);
    expect(new Set(demoProducts.map((p) => p.img)).size).toBe(demoProducts.length);
  });
});

describe('restart', () => {
  it('keeps the data on disk across a restart of PGlite, without seeding again', async () => {
    const data = await tempDir('shop-pglite-');
    try {
      const first = await buildTestApp('pglite', { pgliteDir: data.dir });
      const before = (await inject(first, api.catalog.list)).json();
      const subscribe = { body: { email: 'kept@example.com' } };
      const subscribed = await inject(first, api.newsletter.subscribe, subscribe);
      expect(subscribed.statusCode).toBe(201);
      await first.close();

      const second = await buildTestApp('pglite', { pgliteDir: data.dir });
      try {
        const after = (await inject(second, api.catalog.list)).json();
        expect(after).toEqual(before);
        const again = await inject(second, api.newsletter.subscribe, subscribe);
        expect(again.json()).toMatchObject({ alreadySubscribed: true });
      } finally {
        await second.close();
      }
    } finally {
      await data.remove();
    }
  });

  it.runIf(testDatabases().includes('postgres'))(
    'keeps the data across a restart on PostgreSQL',
    async () => {
      const first = await buildTestApp('postgres');
      const before = (await inject(first, api.catalog.list)).json();
      await first.close({ keep: true });
      const second = await buildTestApp('postgres', { postgresDatabase: first.postgresDatabase });
      try {
        expect((await inject(second, api.catalog.list)).json()).toEqual(before);
      } finally {
        await second.close();
      }
    },
  );
});
