import {
  accountMessages,
  api,
  describeAuditChange,
  IDEMPOTENCY_KEY_HEADER,
  type Account,
  type AccountInvoicePage,
  type AuditPage,
  type PaymentRecorded,
  type Purchase,
} from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, paymentAllocations, purchases } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember, invoicedTeam as invoicedTeamOf } from '../../test-support/companies.js';
import { dbSnapshot } from '../../test-support/db-snapshot.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { adminShopper, orderTestEnv, shopper, type Shopper } from '../../test-support/shop.js';

const { companies, purchases: purchaseApi } = api;

/**
 * Invoices on account and the bank transfers that pay them (issue 30 item 5, decision 045): the
 * invoices by status with what each still asks and how late it is; a transfer allotted to the
 * oldest open invoices or to those named, partial payments kept, the rest left as credit; the
 * ledger's balance always the open invoices' sum less that credit.
 */
describe.each(testDatabases())('invoices and bank transfers on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const invoices = (companyId: string, who: Shopper, query: Record<string, string> = {}) =>
    injectUnchecked(t, companies.invoices, { params: { id: companyId }, query }, who);
  const pay = (companyId: string, body: object, headers: Record<string, string> = {}) =>
    injectUnchecked(
      t,
      companies.recordBankPayment,
      { params: { id: companyId }, body },
      { headers: { ...admin.headers, ...headers } },
    );
  const accountOf = (companyId: string) =>
    answered<Account>(injectUnchecked(t, companies.account, { params: { id: companyId } }, admin));
  const readPurchase = (who: Shopper, id: string) =>
    answered<Purchase>(injectUnchecked(t, purchaseApi.get, { params: { id } }, who));

  const invoicedTeam = (name: string) => invoicedTeamOf(t, admin, name);

  it('lists the invoices by status, the overdue ones with their days late', async () => {
    const { owner, buyer, company, bought } = await invoicedTeam('Listed Invoices Ltd');
    // The first fell due ten days ago.
    await t.db
      .update(purchases)
      .set({ dueDate: sql`(now() at time zone 'UTC')::date - 10` })
      .where(eq(purchases.id, bought[0]!._id));
    const open = await answered<AccountInvoicePage>(
      invoices(company._id, owner, { status: 'open' }),
    );
    expect(open.items.map((i) => [i.invoiceNumber, i.total, i.amountDue, i.status])).toEqual([
      [bought[1]!.invoiceNumber, 2000, 2000, 'open'],
      [bought[2]!.invoiceNumber, 3000, 3000, 'open'],
    ]);
    const overdue = await answered<AccountInvoicePage>(
      invoices(company._id, admin, { status: 'overdue' }),
    );
    expect(overdue.items).toEqual([
      expect.objectContaining({
        _id: bought[0]!._id,
        purchaseNumber: bought[0]!.number,
        paymentTerms: 'net30',
        amountDue: 1000,
        daysOverdue: 10,
        status: 'overdue',
        paidAt: null,
      }),
    ]);
    expect((await accountOf(company._id)).overdue).toBe(1000);
    // Every invoice, newest first; a buyer reads none of them.
    const all = await answered<AccountInvoicePage>(invoices(company._id, owner));
    expect(all.items.map((i) => i._id)).toEqual(bought.map((p) => p._id).reverse());
    expect(all.total).toBe(3);
    expect((await invoices(company._id, buyer)).statusCode).toBe(403);
    const bad = await invoices(company._id, owner, { status: 'late' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toContain(accountMessages.invoiceStatus);
  });

  it('a transfer pays the oldest invoices first, keeps a partial payment, and is audited', async () => {
    const { buyer, company, bought } = await invoicedTeam('Oldest First GmbH');
    const recorded = await answered<PaymentRecorded>(
      pay(company._id, {
        amount: 2500.5,
        reference: 'SEPA 2026-11-27 NW',
        receivedOn: '2026-11-26',
      }),
      201,
    );
    expect(recorded).toMatchObject({
      amount: 2500.5,
      reference: 'SEPA 2026-11-27 NW',
      receivedOn: '2026-11-26',
      allocations: [
        { invoiceId: bought[0]!._id, amount: 1000, amountDueAfter: 0 },
        { invoiceId: bought[1]!._id, amount: 1500.5, amountDueAfter: 499.5 },
      ],
      unallocated: 0,
      balance: 3499.5,
    });
    // The first is paid; the second still on account for what is left; the third untouched.
    const first = await readPurchase(buyer, bought[0]!._id);
    expect(first).toMatchObject({ status: 'paid', amountDue: 0 });
    expect(first.paidAt).not.toBeNull();
    expect(await readPurchase(buyer, bought[1]!._id)).toMatchObject({
      status: 'on_account',
      amountDue: 499.5,
      paidAt: null,
    });
    const paid = await answered<AccountInvoicePage>(
      invoices(company._id, admin, { status: 'paid' }),
    );
    expect(paid.items.map((i) => [i._id, i.status])).toEqual([[bought[0]!._id, 'paid']]);
    const account = await accountOf(company._id);
    expect(account).toMatchObject({ balance: 3499.5 });
    expect(account.entries[0]).toMatchObject({
      kind: 'payment',
      amount: -2500.5,
      reference: 'SEPA 2026-11-27 NW',
      balanceAfter: 3499.5,
    });
    const audit = await answered<AuditPage>(
      injectUnchecked(t, api.audit.list, { query: { limit: '1' } }, admin),
    );
    expect(audit.items[0]).toMatchObject({ action: 'company.payment', targetId: company._id });
    expect(describeAuditChange(audit.items[0]!)).toBe(
      `$2,500.50 received 2026-11-26, to ${bought[0]!.invoiceNumber}, ${bought[1]!.invoiceNumber}`,
    );
  });

  it('a transfer for the invoices named pays those; what is left over stays as credit', async () => {
    const { company, bought } = await invoicedTeam('Named Invoices Inc');
    const recorded = await answered<PaymentRecorded>(
      pay(company._id, {
        amount: 3100,
        reference: 'WIRE 8812',
        receivedOn: '2026-11-27',
        invoiceIds: [bought[2]!._id],
      }),
      201,
    );
    expect(recorded.allocations).toEqual([
      expect.objectContaining({ invoiceId: bought[2]!._id, amount: 3000, amountDueAfter: 0 }),
    ]);
    expect(recorded).toMatchObject({ unallocated: 100, balance: 2900 });
    // The balance is what the open invoices ask, less the credit: 1,000 + 2,000 - 100.
    const open = await t.db
      .select({ due: purchases.amountDue })
      .from(purchases)
      .where(eq(purchases.companyId, company._id));
    expect(open.reduce((sum, row) => sum + row.due, 0) - 10_000).toBe(290_000);
    const allocations = await t.db
      .select()
      .from(paymentAllocations)
      .where(eq(paymentAllocations.entryId, recorded._id));
    expect(allocations.map((a) => [a.purchaseId, a.amount])).toEqual([[bought[2]!._id, 300_000]]);
  });

  it('refuses bad transfers, another company’s invoice and a buyer, changing nothing', async () => {
    const { buyer, company } = await invoicedTeam('Refusing Corp');
    const other = await invoicedTeam('Other Corp');
    const before = await dbSnapshot(t.db);
    const good = { amount: 100, reference: 'REF 1', receivedOn: '2026-11-27' };
    const refusals: [object, string][] = [
      [{ ...good, amount: 0 }, accountMessages.paymentAmount],
      [{ ...good, amount: 10.001 }, accountMessages.paymentAmount],
      [{ ...good, reference: '' }, accountMessages.paymentReference],
      [{ ...good, reference: 'two\nlines' }, accountMessages.paymentReference],
      [{ ...good, receivedOn: '2026-02-30' }, 'Please give a date as YYYY-MM-DD.'],
      [{ ...good, invoiceIds: [] }, accountMessages.invoiceIds],
      [{ ...good, invoiceIds: [other.bought[0]!._id] }, accountMessages.notCompanyInvoice],
    ];
    for (const [body, message] of refusals) {
      const answer = await pay(company._id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect((answer.json() as { message: string }).message).toContain(message);
    }
    const asBuyer = await injectUnchecked(
      t,
      companies.recordBankPayment,
      { params: { id: company._id }, body: good },
      buyer,
    );
    expect(asBuyer.statusCode).toBe(403);
    expect(await dbSnapshot(t.db)).toEqual(before);
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.companyId, company._id));
    expect(entries.map((e) => e.kind)).toEqual(['invoice', 'invoice', 'invoice']);
  });

  it('the same Idempotency-Key records one transfer, answering the first answer again', async () => {
    const { company } = await invoicedTeam('Idempotent Payers');
    const body = { amount: 500, reference: 'REF 77', receivedOn: '2026-11-27' };
    const key = { [IDEMPOTENCY_KEY_HEADER]: 'transfer-77' };
    const first = await answered<PaymentRecorded>(pay(company._id, body, key), 201);
    const again = await answered<PaymentRecorded>(pay(company._id, body, key), 201);
    expect(again).toEqual(first);
    expect((await pay(company._id, { ...body, amount: 600 }, key)).statusCode).toBe(422);
    expect((await accountOf(company._id)).balance).toBe(5500);
  });

  it('an owner or approver reads the invoices; a member of another company does not', async () => {
    const { owner, company } = await invoicedTeam('Readers Ltd');
    const approver = await shopper(t);
    await addMember(t, owner, company._id, approver, { role: 'approver' });
    expect((await invoices(company._id, approver)).statusCode).toBe(200);
    const outsider = await invoicedTeam('Outsiders Ltd');
    expect((await invoices(company._id, outsider.owner)).statusCode).toBe(403);
  });
});
