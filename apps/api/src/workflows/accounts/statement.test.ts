import { accountMessages, addDays, api, formatCents } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember, invoicedTeam as invoicedTeamOf } from '../../test-support/companies.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { extractPdfText } from '../../test-support/pdf-text.js';
import { adminShopper, orderTestEnv, shopper, type Shopper } from '../../test-support/shop.js';

const { companies } = api;

/** One line of the PDF's text, spaces squeezed: "Opening balance $0.00". */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/**
 * A company's statement of account (issue 30 item 6): the balance before the period, every
 * entry in it with the balance after each, the balance after it, and what the open invoices ask
 * by age; for the owners, approvers and the admin, a period of at most a year.
 */
describe.each(testDatabases())('the statement of account on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  const today = new Date().toISOString().slice(0, 10);
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: orderTestEnv({ SELLER_NAME: 'PartsWorks Inc', SELLER_TAX_ID: 'US-98-7654321' }),
    });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const statement = (companyId: string, who: Shopper, query: Record<string, string> = {}) =>
    injectUnchecked(t, companies.statement, { params: { id: companyId }, query }, who);
  const statementText = async (companyId: string, who: Shopper, query: Record<string, string>) => {
    const answer = await statement(companyId, who, query);
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    return flat((await extractPdfText(answer.rawPayload)).text);
  };

  it('lists the period from the opening to the closing balance, with the aging of what is due', async () => {
    const { owner, company, bought } = await invoicedTeam('Statement Traders Ltd');
    // A transfer pays the first invoice and part of the second.
    await answered(
      injectUnchecked(
        t,
        companies.recordBankPayment,
        {
          params: { id: company._id },
          body: { amount: 1500, reference: 'SEPA STMT-1', receivedOn: today },
        },
        admin,
      ),
      201,
    );
    // The third fell due 45 days ago.
    await t.db
      .update(purchases)
      .set({ dueDate: sql`(now() at time zone 'UTC')::date - 45` })
      .where(eq(purchases.id, bought[2]!._id));

    const text = await statementText(company._id, owner, { from: addDays(today, -30), to: today });
    expect(text).toContain('STATEMENT');
    expect(text).toContain('PartsWorks Inc');
    expect(text).toContain('Tax ID: US-98-7654321');
    expect(text).toContain('Statement Traders Ltd');
    expect(text).toContain('Terms: Net 30');
    expect(text).toContain(`Opening balance ${formatCents(0)}`);
    for (const invoice of bought) {
      expect(text).toContain(`Invoice ${invoice.invoiceNumber}`);
    }
    expect(text).toContain(`Payment SEPA STMT-1 ${formatCents(-150_000)} ${formatCents(450_000)}`);
    expect(text).toContain(`Closing balance ${formatCents(450_000)}`);
    // Open: $1,500 of the second, current; the third's $3,000, 31-60 days late.
    const aging = ['Current', '1-30 days', '31-60 days', '61-90 days', 'Over 90 days', 'Total due'];
    const due = [150_000, 0, 300_000, 0, 0, 450_000];
    expect(text).toContain(aging.map((label, i) => `${label} ${formatCents(due[i]!)}`).join(' '));

    // A period after every entry: the balance carried in, nothing in it, the same carried out.
    const later = await statementText(company._id, owner, {
      from: addDays(today, 1),
      to: addDays(today, 5),
    });
    expect(later).toContain(`Opening balance ${formatCents(450_000)}`);
    expect(later).not.toContain('SEPA STMT-1');
    expect(later).toContain(`Closing balance ${formatCents(450_000)}`);
    // One before them all: nothing owed either side.
    const earlier = await statementText(company._id, admin, {
      from: addDays(today, -60),
      to: addDays(today, -31),
    });
    expect(earlier).toContain(`Opening balance ${formatCents(0)}`);
    expect(earlier).toContain(`Closing balance ${formatCents(0)}`);
    expect(earlier).not.toContain('Invoice INV-');
  });

  it('takes the last 90 days by default, for an approver too', async () => {
    const { owner, company, bought } = await invoicedTeam('Default Period GmbH');
    const approver = await shopper(t);
    await addMember(t, owner, company._id, approver, { role: 'approver' });
    const answer = await statement(company._id, approver);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="statement-${addDays(today, -89)}-to-${today}.pdf"`,
    );
    const text = flat((await extractPdfText(answer.rawPayload)).text);
    expect(text).toContain(`Invoice ${bought[0]!.invoiceNumber}`);
    expect(text).toContain(`Closing balance ${formatCents(600_000)}`);
  });

  it('refuses a buyer, a stranger and a period backwards, over a year or not a date', async () => {
    const { buyer, company } = await invoicedTeam('Refused Statements Inc');
    const stranger = await shopper(t);
    expect((await statement(company._id, buyer)).statusCode).toBe(403);
    expect((await statement(company._id, stranger)).statusCode).toBe(403);
    const periods: [Record<string, string>, string][] = [
      [{ from: today, to: addDays(today, -1) }, accountMessages.statementPeriod],
      [{ from: addDays(today, -366), to: today }, accountMessages.statementPeriod],
      [{ to: '2026-02-30' }, 'Please give a date as YYYY-MM-DD.'],
      [{ from: 'yesterday' }, 'Please give a date as YYYY-MM-DD.'],
    ];
    for (const [query, message] of periods) {
      const answer = await statement(company._id, admin, query);
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
      expect((answer.json() as { message: string }).message).toContain(message);
    }
    // A year exactly is one statement.
    expect(
      (await statement(company._id, admin, { from: addDays(today, -365), to: today })).statusCode,
    ).toBe(200);
  });

  const invoicedTeam = (name: string) => invoicedTeamOf(t, admin, name);
});
