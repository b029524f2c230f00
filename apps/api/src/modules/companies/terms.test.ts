import {
  accountMessages,
  api,
  companyMessages,
  describeAuditChange,
  type Account,
  type ApiErrorBody,
  type AuditPage,
  type Company,
  type CompanyPage,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember, companyTeam } from '../../test-support/companies.js';
import { dbSnapshot } from '../../test-support/db-snapshot.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { adminShopper, orderTestEnv, shopper, type Shopper } from '../../test-support/shop.js';
import { appendEntry } from '../ledger/ledger.js';

const { companies } = api;

/**
 * Pay on account, the foundation (issue 30, docs/decisions/043): the admin sets a company's
 * terms, audited; its owners, approvers and the admin read them and the account; a buyer does
 * not; a company with ledger entries is never dissolved.
 */
describe.each(testDatabases())('company terms and account on %s', (kind) => {
  let t: TestApp;
  let boss: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    boss = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const putTerms = (id: string, body: unknown, who: Shopper = boss) =>
    injectUnchecked(t, companies.putTerms, { params: { id }, body }, who);
  const readCompany = (id: string, who: Shopper) =>
    answered<Company>(injectUnchecked(t, companies.get, { params: { id } }, who));
  const account = (id: string, who: Shopper, query: Record<string, string> = {}) =>
    injectUnchecked(t, companies.account, { params: { id }, query }, who);
  const net30 = { paymentTerms: 'net30', creditLimit: 50000.5, onHold: false };

  it('sets the terms, answers them, and audits what changed in words', async () => {
    const { company } = await companyTeam(t, { spendingLimit: null, name: 'Termed Parts Ltd' });
    const before = await readCompany(company._id, boss);
    expect(before).toMatchObject({ paymentTerms: 'card', creditLimit: null, onHold: false });
    expect(before.balance).toBe(0);

    const set = await answered<Company>(putTerms(company._id, net30));
    expect(set).toMatchObject({ ...net30, balance: 0, name: 'Termed Parts Ltd' });
    expect(await readCompany(company._id, boss)).toMatchObject(net30);

    const held = await answered<Company>(
      putTerms(company._id, { ...net30, creditLimit: null, onHold: true }),
    );
    expect(held).toMatchObject({ paymentTerms: 'net30', creditLimit: null, onHold: true });

    const audit = await answered<AuditPage>(
      injectUnchecked(t, api.audit.list, { query: { limit: '2' } }, boss),
    );
    const [second, first] = audit.items;
    expect(first).toMatchObject({
      action: 'company.terms',
      targetType: 'company',
      targetId: company._id,
      targetLabel: 'Termed Parts Ltd',
      actorEmail: boss.email,
    });
    expect(describeAuditChange(first!)).toBe(
      'Payment terms Card -> Net 30; Credit limit no limit -> $50,000.50',
    );
    expect(describeAuditChange(second!)).toBe(
      'Credit limit $50,000.50 -> no limit; On hold no -> yes',
    );

    const listed = await answered<CompanyPage>(
      injectUnchecked(t, companies.list, { query: { q: 'Termed Parts' } }, boss),
    );
    expect(listed.items).toEqual([
      expect.objectContaining({
        _id: company._id,
        paymentTerms: 'net30',
        creditLimit: null,
        onHold: true,
        balance: 0,
      }),
    ]);
  });

  it('refuses bad terms with 400 and changes nothing', async () => {
    const { company } = await companyTeam(t, { spendingLimit: null, name: 'Refused Terms Ltd' });
    const before = await dbSnapshot(t.db);
    const bad: [unknown, string][] = [
      [{ ...net30, paymentTerms: 'net90' }, accountMessages.paymentTerms],
      [{ ...net30, creditLimit: -1 }, accountMessages.creditLimit],
      [{ ...net30, creditLimit: 10.005 }, accountMessages.creditLimit],
      [{ ...net30, creditLimit: '50000' }, 'creditLimit'],
      [{ ...net30, onHold: 'yes' }, 'onHold'],
      [{ paymentTerms: 'net30', onHold: false }, 'creditLimit'],
      [{ paymentTerms: 'net30', creditLimit: null }, 'onHold'],
    ];
    for (const [body, message] of bad) {
      const refused = await putTerms(company._id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<ApiErrorBody>().message).toContain(message);
    }
    expect(await dbSnapshot(t.db)).toEqual(before);
    const missing = await putTerms('00000000-0000-4000-8000-000000000000', net30);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiErrorBody>().message).toBe(companyMessages.notFound);
  });

  it('shows terms and the account to owners, approvers and the admin, never to a buyer', async () => {
    const { owner, buyer, company } = await companyTeam(t, {
      spendingLimit: 100,
      name: 'Read Terms Ltd',
    });
    const approver = await shopper(t);
    await addMember(t, owner, company._id, approver, { role: 'approver' });
    await answered(putTerms(company._id, { ...net30, creditLimit: 1000 }));

    for (const reader of [owner, approver, boss]) {
      expect(await readCompany(company._id, reader)).toMatchObject({
        paymentTerms: 'net30',
        creditLimit: 1000,
        balance: 0,
      });
      expect(await answered<Account>(account(company._id, reader))).toEqual({
        creditLimit: 1000,
        balance: 0,
        available: 1000,
        overdue: 0,
        entries: [],
        total: 0,
        page: 1,
        limit: 20,
      });
    }
    const seenByBuyer = await readCompany(company._id, buyer);
    for (const field of ['paymentTerms', 'creditLimit', 'onHold', 'balance'])
      expect(seenByBuyer).not.toHaveProperty(field);
    const mine = await answered<Company>(injectUnchecked(t, companies.mine, {}, buyer));
    expect(mine).not.toHaveProperty('balance');

    const refused = await account(company._id, buyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiErrorBody>().message).toBe(accountMessages.readers);
    const stranger = await account(company._id, await shopper(t));
    expect(stranger.statusCode).toBe(403);
    // The terms are the admin's: the owner may not set them.
    expect((await putTerms(company._id, net30, owner)).statusCode).toBe(403);
    expect((await putTerms(company._id, net30, buyer)).statusCode).toBe(403);
  });

  it('reads the ledger newest first in dollars, a page at a time; available below 0 over the limit', async () => {
    const { owner, company } = await companyTeam(t, {
      spendingLimit: null,
      name: 'Ledger Read Ltd',
    });
    await answered(putTerms(company._id, { ...net30, creditLimit: 1000 }));
    await t.db.transaction(async (tx) => {
      await appendEntry(tx, {
        companyId: company._id,
        kind: 'invoice',
        amount: 80050,
        reference: 'INV-2026-90001',
      });
      await appendEntry(tx, {
        companyId: company._id,
        kind: 'payment',
        amount: -30000,
        reference: 'Bank transfer 4711',
        createdBy: boss.email,
      });
      await appendEntry(tx, {
        companyId: company._id,
        kind: 'invoice',
        amount: 60000,
        reference: 'INV-2026-90002',
      });
    });
    const first = await answered<Account>(account(company._id, owner, { limit: '2' }));
    expect(first).toMatchObject({
      creditLimit: 1000,
      balance: 1100.5,
      available: -100.5,
      overdue: 0,
      total: 3,
      page: 1,
      limit: 2,
    });
    expect(
      first.entries.map(({ kind, amount, reference, balanceAfter }) => ({
        kind,
        amount,
        reference,
        balanceAfter,
      })),
    ).toEqual([
      { kind: 'invoice', amount: 600, reference: 'INV-2026-90002', balanceAfter: 1100.5 },
      { kind: 'payment', amount: -300, reference: 'Bank transfer 4711', balanceAfter: 500.5 },
    ]);
    const second = await answered<Account>(account(company._id, owner, { page: '2', limit: '2' }));
    expect(second.entries).toEqual([
      expect.objectContaining({ kind: 'invoice', amount: 800.5, balanceAfter: 800.5 }),
    ]);
    expect(Number.isNaN(Date.parse(second.entries[0]!.at))).toBe(false);
    const tooMany = await account(company._id, owner, { limit: '101' });
    expect(tooMany.statusCode).toBe(400);
    expect((await answered<Company>(putTerms(company._id, net30))).balance).toBe(1100.5);
  });

  it('never dissolves a company with ledger entries: 409, for its owner and the admin', async () => {
    const { owner, company } = await companyTeam(t, {
      spendingLimit: null,
      name: 'Kept Books Ltd',
    });
    await t.db.transaction((tx) =>
      appendEntry(tx, {
        companyId: company._id,
        kind: 'adjustment',
        amount: 1250,
        reference: 'ADJ-1',
        reason: 'Opening balance carried over',
        createdBy: boss.email,
      }),
    );
    for (const who of [owner, boss]) {
      const refused = await injectUnchecked(
        t,
        companies.dissolve,
        { params: { id: company._id } },
        who,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ApiErrorBody>().message).toBe(companyMessages.ledgerKept);
    }
    expect((await readCompany(company._id, boss)).balance).toBe(12.5);
  });
});
