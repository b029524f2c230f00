import { accountMessages, addDays, api, type ReceivablesPage, type Stats } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { companyTeam, invoicedTeam } from '../../test-support/companies.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { adminShopper, orderTestEnv, type Shopper } from '../../test-support/shop.js';

const { companies } = api;

/**
 * The admin's receivables (issue 30 item 7): each company on terms or owing, its balance and its
 * open invoices by age, the most overdue first, totals of all of them, and the same as CSV.
 */
describe.each(testDatabases())('receivables on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const daysAgo = (days: number) => addDays(new Date().toISOString().slice(0, 10), -days);
  const receivables = (query: Record<string, string> = {}) =>
    injectUnchecked(t, companies.receivables, { query }, admin);
  const lateBy = (purchaseId: string, days: number) =>
    t.db
      .update(purchases)
      .set({ dueDate: sql`(now() at time zone 'UTC')::date - ${days}::int` })
      .where(eq(purchases.id, purchaseId));

  it('ages every company’s open invoices, the most overdue first, with totals and a CSV', async () => {
    // Each owes $6,000 on three invoices of $1,000, $2,000 and $3,000.
    const slow = await invoicedTeam(t, admin, 'Slow Payer Ltd');
    const late = await invoicedTeam(t, admin, 'Late Payer Ltd');
    const prompt = await invoicedTeam(t, admin, 'Prompt Payer Ltd');
    // A company that pays by card and owes nothing is no receivable.
    await companyTeam(t, { spendingLimit: null, name: 'Card Only Ltd' });
    await lateBy(slow.bought[1]!._id, 95);
    await lateBy(slow.bought[0]!._id, 45);
    await lateBy(late.bought[0]!._id, 5);
    await lateBy(late.bought[2]!._id, 61);
    // Prompt paid $1,500: the first invoice and half the second.
    await answered(
      injectUnchecked(
        t,
        companies.recordBankPayment,
        {
          params: { id: prompt.company._id },
          body: { amount: 1500, reference: 'ACH 55', receivedOn: '2026-11-27' },
        },
        admin,
      ),
      201,
    );

    const page = await answered<ReceivablesPage>(receivables({ limit: '100' }));
    expect(page.items.map((row) => row.name)).toEqual([
      'Late Payer Ltd',
      'Slow Payer Ltd',
      'Prompt Payer Ltd',
    ]);
    const [latePayer, slowPayer, promptPayer] = page.items;
    expect(latePayer).toMatchObject({
      companyId: late.company._id,
      paymentTerms: 'net30',
      creditLimit: null,
      onHold: false,
      balance: 6000,
      current: 2000,
      days1to30: 1000,
      days31to60: 0,
      days61to90: 3000,
      over90: 0,
      overdue: 4000,
    });
    expect(slowPayer).toMatchObject({
      balance: 6000,
      current: 3000,
      days31to60: 1000,
      over90: 2000,
      overdue: 3000,
    });
    expect(promptPayer).toMatchObject({ balance: 4500, current: 4500, overdue: 0 });
    expect(slowPayer?.oldestDueDate).toBe(daysAgo(95));
    expect(page.totals).toEqual({
      balance: 16_500,
      current: 9500,
      days1to30: 1000,
      days31to60: 1000,
      days61to90: 3000,
      over90: 2000,
      overdue: 7000,
    });
    expect(page.total).toBe(3);

    // Only those with something overdue; a page at a time.
    const overdue = await answered<ReceivablesPage>(receivables({ filter: 'overdue', limit: '1' }));
    expect(overdue.items.map((row) => row.name)).toEqual(['Late Payer Ltd']);
    expect(overdue).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(overdue.totals.balance).toBe(12_000);

    // The Overview shows the same beside the revenue.
    const stats = await answered<Stats>(
      injectUnchecked(t, api.stats.overview, { query: {} }, admin),
    );
    expect(stats.receivables).toEqual({ balance: 16_500, overdue: 7000, overdueCompanies: 2 });

    const csv = await injectUnchecked(t, companies.receivablesCsv, { query: {} }, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')).toEqual([
      'Company,Terms,Credit limit,On hold,Balance,Current,1-30 days,31-60 days,61-90 days,Over 90 days,Overdue,Oldest due date',
      `Late Payer Ltd,Net 30,,no,6000,2000,1000,0,3000,0,4000,${daysAgo(61)}`,
      `Slow Payer Ltd,Net 30,,no,6000,3000,0,1000,0,2000,3000,${daysAgo(95)}`,
      `Prompt Payer Ltd,Net 30,,no,4500,4500,0,0,0,0,0,${prompt.bought[1]!.dueDate}`,
      'Total,,,,16500,9500,1000,1000,3000,2000,7000,',
      '',
    ]);
  });

  it('refuses a filter it does not know', async () => {
    const answer = await receivables({ filter: 'late' });
    expect(answer.statusCode).toBe(400);
    expect((answer.json() as { message: string }).message).toContain(
      accountMessages.receivablesFilter,
    );
  });
});
