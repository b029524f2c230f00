import { api } from '@shop/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, ledgerEntries } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { companyTeam } from '../../test-support/companies.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { adminShopper, orderTestEnv, type Shopper } from '../../test-support/shop.js';
import { appendEntry, chargeInvoices } from './ledger.js';

/**
 * The ledger (issue 30, docs/decisions/043): append-only in the database, each entry's balance
 * the running sum, and a charge on account that never passes the credit limit, however many
 * arrive at once.
 */
describe.each(testDatabases())('the ledger on %s', (kind) => {
  let t: TestApp;
  let boss: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    boss = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new company with these terms, set as the admin sets them. */
  const companyWith = async (terms: {
    paymentTerms: string;
    creditLimit: number | null;
    onHold: boolean;
  }) => {
    const { company } = await companyTeam(t, { spendingLimit: null, name: 'Ledger Parts Ltd' });
    await answered(
      injectUnchecked(
        t,
        api.companies.putTerms,
        { params: { id: company._id }, body: terms },
        boss,
      ),
    );
    return company._id as string;
  };
  const entriesOf = (companyId: string) =>
    t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.companyId, companyId))
      .orderBy(asc(ledgerEntries.seq));
  const balanceOf = async (companyId: string) => {
    const [row] = await t.db
      .select({ balance: companies.balance })
      .from(companies)
      .where(eq(companies.id, companyId));
    return row!.balance;
  };
  /** The company's balance is the sum of its entries, and each entry's balance the sum so far. */
  const expectConsistent = async (companyId: string) => {
    const entries = await entriesOf(companyId);
    let sum = 0;
    for (const entry of entries) {
      sum += entry.amount;
      expect(entry.balanceAfter, entry.reference).toBe(sum);
    }
    expect(await balanceOf(companyId)).toBe(sum);
    return entries;
  };

  it('chains balance_after through every kind of entry, and keeps the balance their sum', async () => {
    const companyId = await companyWith({
      paymentTerms: 'net30',
      creditLimit: null,
      onHold: false,
    });
    const moves = [
      { kind: 'invoice', amount: 125_000, reference: 'INV-2026-00101' },
      { kind: 'invoice', amount: 49_999, reference: 'INV-2026-00102' },
      { kind: 'payment', amount: -100_000, reference: 'Wire 2026-03-01' },
      { kind: 'credit_note', amount: -9_999, reference: 'CN-2026-00007' },
      { kind: 'adjustment', amount: -1, reference: 'ADJ-7', reason: 'Rounding agreed by phone' },
      { kind: 'payment', amount: -64_999, reference: 'Wire 2026-03-20' },
    ] as const;
    const after: number[] = [];
    for (const move of moves) {
      const appended = await t.db.transaction((tx) =>
        appendEntry(tx, { companyId, createdBy: boss.email, ...move }),
      );
      after.push(appended.balanceAfter);
    }
    expect(after).toEqual([125_000, 174_999, 74_999, 65_000, 64_999, 0]);
    const entries = await expectConsistent(companyId);
    expect(entries.map((entry) => [entry.kind, entry.reference, entry.createdBy])).toEqual(
      moves.map((move) => [move.kind, move.reference, boss.email]),
    );
    expect(entries.at(-2)!.reason).toBe('Rounding agreed by phone');
  });

  it('refuses an entry of the wrong sign, or an adjustment without a reason, and keeps nothing of it', async () => {
    const companyId = await companyWith({
      paymentTerms: 'net30',
      creditLimit: null,
      onHold: false,
    });
    const wrong = [
      { kind: 'invoice', amount: -100, reference: 'INV-NEG' },
      { kind: 'invoice', amount: 0, reference: 'INV-ZERO' },
      { kind: 'payment', amount: 100, reference: 'PAY-POS' },
      { kind: 'credit_note', amount: 100, reference: 'CN-POS' },
      { kind: 'adjustment', amount: 100, reference: 'ADJ-NO-REASON' },
    ] as const;
    for (const entry of wrong) {
      await expect(
        t.db.transaction((tx) => appendEntry(tx, { companyId, ...entry })),
        entry.reference,
      ).rejects.toThrow();
    }
    expect(await entriesOf(companyId)).toEqual([]);
    expect(await balanceOf(companyId)).toBe(0);
  });

  it('refuses every UPDATE, DELETE and TRUNCATE of an entry in the database itself', async () => {
    const companyId = await companyWith({
      paymentTerms: 'net30',
      creditLimit: null,
      onHold: false,
    });
    await t.db.transaction((tx) =>
      appendEntry(tx, { companyId, kind: 'invoice', amount: 5_000, reference: 'INV-2026-00201' }),
    );
    const attempts = [
      () =>
        t.db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.companyId, companyId)),
      () => t.db.execute(sql`update ledger_entries set reference = 'forged'`),
      () => t.db.delete(ledgerEntries).where(eq(ledgerEntries.companyId, companyId)),
      () => t.db.execute(sql`delete from ledger_entries`),
      () => t.db.execute(sql`truncate ledger_entries`),
      // The company cannot go either: its entries keep it (on delete restrict).
      () => t.db.delete(companies).where(eq(companies.id, companyId)),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toThrow();
    const [entry] = await entriesOf(companyId);
    expect(entry).toMatchObject({
      amount: 5_000,
      reference: 'INV-2026-00201',
      balanceAfter: 5_000,
    });
    const failure = await t.db
      .execute(sql`delete from ledger_entries`)
      .catch((error: unknown) => error);
    expect(String((failure as { cause?: unknown }).cause ?? failure)).toContain('append-only');
  });

  it('charges on account only within the terms: not on card terms, not on hold, not past the limit', async () => {
    const card = await companyWith({ paymentTerms: 'card', creditLimit: null, onHold: false });
    const held = await companyWith({ paymentTerms: 'net15', creditLimit: 100_000, onHold: true });
    const limited = await companyWith({
      paymentTerms: 'net60',
      creditLimit: 1_000.5,
      onHold: false,
    });
    const open = await companyWith({ paymentTerms: 'net45', creditLimit: null, onHold: false });
    const charge = (companyId: string, cents: number, reference: string) =>
      t.db.transaction((tx) => chargeInvoices(tx, companyId, [{ amount: cents, reference }]));

    expect(await charge(card, 100, 'INV-C')).toEqual({
      charged: false,
      reason: 'card_terms',
      available: null,
    });
    expect(await charge(held, 100, 'INV-H')).toEqual({
      charged: false,
      reason: 'on_hold',
      available: 10_000_000,
    });
    expect(await charge(limited, 60_000, 'INV-L1')).toMatchObject({
      charged: true,
      entries: [{ balanceAfter: 60_000 }],
    });
    // To the cent: 40,050 more is the limit exactly; one cent more is refused with what is left.
    expect(await charge(limited, 40_051, 'INV-L2')).toEqual({
      charged: false,
      reason: 'over_limit',
      available: 40_050,
    });
    expect(await charge(limited, 40_050, 'INV-L3')).toMatchObject({
      charged: true,
      entries: [{ balanceAfter: 100_050 }],
    });
    // No limit: the admin's choice, account purchases unlimited.
    expect(await charge(open, 99_999_999, 'INV-O')).toMatchObject({ charged: true });

    for (const companyId of [card, held]) expect(await entriesOf(companyId)).toEqual([]);
    expect((await expectConsistent(limited)).map((entry) => entry.reference)).toEqual([
      'INV-L1',
      'INV-L3',
    ]);
    await expect(charge(open, 0, 'INV-0')).rejects.toThrow(RangeError);
  });

  it('charges several invoices at once only when all fit, each entry with the balance it leaves', async () => {
    const companyId = await companyWith({ paymentTerms: 'net30', creditLimit: 100, onHold: false });
    const charge = (amounts: number[]) =>
      t.db.transaction((tx) =>
        chargeInvoices(
          tx,
          companyId,
          amounts.map((amount, i) => ({ amount, reference: `INV-M${amounts.length}-${i}` })),
        ),
      );
    expect(await charge([2_000, 3_000, 500])).toMatchObject({
      charged: true,
      entries: [{ balanceAfter: 2_000 }, { balanceAfter: 5_000 }, { balanceAfter: 5_500 }],
    });
    // $45 left: $40 and $10 together do not fit, though either alone would; nothing is charged.
    expect(await charge([4_000, 1_000])).toEqual({
      charged: false,
      reason: 'over_limit',
      available: 4_500,
    });
    const entries = await expectConsistent(companyId);
    expect(entries.map((entry) => [entry.reference, entry.balanceAfter])).toEqual([
      ['INV-M3-0', 2_000],
      ['INV-M3-1', 5_000],
      ['INV-M3-2', 5_500],
    ]);
    await expect(charge([1_000, -1])).rejects.toThrow(RangeError);
  });

  it('lets exactly as many of 20 charges at once through as the limit allows', async () => {
    // $75 of credit, $10 charges: 7 fit, with $5 left that the 8th would pass.
    const companyId = await companyWith({ paymentTerms: 'net30', creditLimit: 75, onHold: false });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction((tx) =>
          chargeInvoices(tx, companyId, [
            { amount: 1_000, reference: `INV-2026-${String(i).padStart(5, '0')}` },
          ]),
        ),
      ),
    );
    const charged = results.filter((result) => result.charged);
    expect(charged).toHaveLength(7);
    expect(results.filter((result) => !result.charged)).toEqual(
      Array.from({ length: 13 }, () => ({ charged: false, reason: 'over_limit', available: 500 })),
    );
    const entries = await expectConsistent(companyId);
    expect(entries).toHaveLength(7);
    expect(await balanceOf(companyId)).toBe(7_000);
    expect(entries.map((entry) => entry.balanceAfter)).toEqual(
      Array.from({ length: 7 }, (_, i) => (i + 1) * 1_000),
    );
  });
});
