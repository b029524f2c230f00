import {
  accountMessages,
  api,
  type Account,
  type PaymentRecorded,
  type Purchase,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments, ledgerEntries, sandboxPaymentIntents } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember, invoicedTeam as invoicedTeamOf } from '../../test-support/companies.js';
import { dbSnapshot } from '../../test-support/db-snapshot.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { paidPurchase } from '../../test-support/purchases.js';
import { paymentMessages } from '../../modules/orders/messages.js';
import {
  addProduct,
  adminShopper,
  confirmSandbox,
  intentIdOf,
  orderTestEnv,
  postWebhook,
  shopper,
  signedIntentEvent,
  type Shopper,
} from '../../test-support/shop.js';

const { companies, payments, purchases: purchaseApi } = api;

/**
 * Paying invoices on account by card (issue 30 item 5, decision 047): one card payment for one
 * or several of a company's open invoices, for what they still ask; booked once however often
 * and by whom it is reported (the browser, Stripe's webhook, both at once); a bank transfer in
 * between leaves the difference as credit, never lost.
 */
describe.each(testDatabases())('paying invoices by card on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const invoicedTeam = (name: string) => invoicedTeamOf(t, admin, name);
  const startPaying = (who: Shopper, invoiceIds: unknown) =>
    injectUnchecked(t, payments.createIntent, { body: { invoiceIds } }, who);
  const secretFor = async (who: Shopper, invoiceIds: string[]) =>
    (await answered<{ clientSecret: string }>(startPaying(who, invoiceIds))).clientSecret;
  const record = (who: Shopper, companyId: string, transactionId: string) =>
    injectUnchecked(
      t,
      companies.payInvoices,
      { params: { id: companyId }, body: { transactionId } },
      who,
    );
  const accountOf = (companyId: string) =>
    answered<Account>(injectUnchecked(t, companies.account, { params: { id: companyId } }, admin));
  const readPurchase = (who: Shopper, id: string) =>
    answered<Purchase>(injectUnchecked(t, purchaseApi.get, { params: { id } }, who));
  const paymentEntries = async (companyId: string) =>
    (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.companyId, companyId))).filter(
      (entry) => entry.kind === 'payment',
    );
  const intentRow = async (intentId: string) => {
    const [row] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentId));
    return row;
  };

  it('the owner pays two invoices in one card payment of what they ask; recorded twice, booked once', async () => {
    const { owner, buyer, company, bought } = await invoicedTeam('Card Payers Ltd');
    const chosen = [bought[2]!._id, bought[0]!._id];
    const secret = await secretFor(owner, chosen);
    const intentId = intentIdOf(secret);
    // The amount is what the invoices ask, from the database: $1,000 + $3,000.
    expect((await intentRow(intentId))?.amount).toBe(400_000);
    // Asked again, the same payment: nothing is charged twice.
    expect(await secretFor(owner, chosen)).toBe(secret);

    expect((await confirmSandbox(t, secret)).statusCode).toBe(200);
    const recorded = await answered<PaymentRecorded>(record(owner, company._id, intentId));
    expect(recorded).toMatchObject({
      amount: 4000,
      reference: intentId,
      allocations: [
        { invoiceId: bought[0]!._id, amount: 1000, amountDueAfter: 0 },
        { invoiceId: bought[2]!._id, amount: 3000, amountDueAfter: 0 },
      ],
      unallocated: 0,
      balance: 2000,
    });
    expect(await readPurchase(buyer, bought[0]!._id)).toMatchObject({ status: 'paid' });
    expect(await readPurchase(buyer, bought[1]!._id)).toMatchObject({
      status: 'on_account',
      amountDue: 2000,
    });
    // The browser again and Stripe's webhook after it: the same answer, no second entry.
    expect(await answered<PaymentRecorded>(record(owner, company._id, intentId))).toEqual(recorded);
    const [payment] = await t.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.intentId, intentId));
    const event = signedIntentEvent({
      id: intentId,
      amount: 400_000,
      orderId: null,
      invoicePaymentId: payment!.id,
    });
    expect((await postWebhook(t, event.payload, event.signature)).statusCode).toBe(200);
    expect(await paymentEntries(company._id)).toHaveLength(1);
    const account = await accountOf(company._id);
    expect(account.balance).toBe(2000);
    expect(account.entries[0]).toMatchObject({
      kind: 'payment',
      amount: -4000,
      reference: intentId,
    });
  });

  it("Stripe's webhook alone books it, and with the browser at once still once", async () => {
    const { owner, company, bought } = await invoicedTeam('Webhook Payers GmbH');
    const secret = await secretFor(owner, [bought[1]!._id]);
    const intentId = intentIdOf(secret);
    expect((await confirmSandbox(t, secret)).statusCode).toBe(200);
    const [payment] = await t.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.intentId, intentId));
    const event = signedIntentEvent({
      id: intentId,
      amount: 200_000,
      orderId: null,
      invoicePaymentId: payment!.id,
    });
    const answers = await Promise.all([
      postWebhook(t, event.payload, event.signature),
      record(owner, company._id, intentId),
      postWebhook(t, event.payload, event.signature),
      record(owner, company._id, intentId),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await paymentEntries(company._id)).toHaveLength(1);
    expect((await accountOf(company._id)).balance).toBe(4000);
  });

  it('a bank transfer between the start and the card payment leaves the difference as credit', async () => {
    const { owner, company, bought } = await invoicedTeam('Both Ways Inc');
    const secret = await secretFor(owner, [bought[0]!._id, bought[1]!._id]);
    // The admin records a transfer of $500 for the first invoice meanwhile.
    await answered(
      injectUnchecked(
        t,
        companies.recordBankPayment,
        {
          params: { id: company._id },
          body: {
            amount: 500,
            reference: 'WIRE 1',
            receivedOn: '2026-11-27',
            invoiceIds: [bought[0]!._id],
          },
        },
        admin,
      ),
      201,
    );
    expect((await confirmSandbox(t, secret)).statusCode).toBe(200);
    const recorded = await answered<PaymentRecorded>(
      record(owner, company._id, intentIdOf(secret)),
    );
    expect(recorded).toMatchObject({
      amount: 3000,
      allocations: [
        { invoiceId: bought[0]!._id, amount: 500 },
        { invoiceId: bought[1]!._id, amount: 2000 },
      ],
      unallocated: 500,
    });
    // Owed: the third invoice's $3,000, less the $500 credit.
    expect((await accountOf(company._id)).balance).toBe(2500);
  });

  it('invoices that changed get a new payment; the old one can no longer take money', async () => {
    const { owner, company, bought } = await invoicedTeam('Changing Invoices BV');
    const both = await secretFor(owner, [bought[0]!._id, bought[1]!._id]);
    // Paying the first alone closes the payment of both.
    const first = await secretFor(owner, [bought[0]!._id]);
    expect(first).not.toBe(both);
    expect((await intentRow(intentIdOf(both)))?.status).toBe('canceled');
    expect((await confirmSandbox(t, both)).statusCode).toBe(400);
    // Both again: a new payment for the same amount, since the first was cancelled.
    const again = await secretFor(owner, [bought[0]!._id, bought[1]!._id]);
    expect(again).not.toBe(both);
    expect((await intentRow(intentIdOf(first)))?.status).toBe('canceled');
    expect((await confirmSandbox(t, again)).statusCode).toBe(200);
    await answered(record(owner, company._id, intentIdOf(again)));
    expect((await accountOf(company._id)).balance).toBe(3000);
    // Nothing is left to pay on them.
    const paid = await startPaying(owner, [bought[0]!._id]);
    expect(paid.statusCode).toBe(409);
    expect((paid.json() as { message: string }).message).toBe(
      accountMessages.invoicePaid(bought[0]!.invoiceNumber ?? ''),
    );
  });

  it('payments of overlapping invoices started at once leave exactly one that can take money', async () => {
    const { owner, company, bought } = await invoicedTeam('Racing Payers Ltd');
    const [a, b, c] = bought.map((purchase) => purchase._id) as [string, string, string];
    const answers = await Promise.all(
      [[a, b], [b, c], [a, b], [c], [a]].map((ids) => startPaying(owner, ids)),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const secrets = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => (answer.json() as { clientSecret: string }).clientSecret);
    const statuses = await Promise.all(
      [...new Set(secrets)].map(async (secret) => (await intentRow(intentIdOf(secret)))?.status),
    );
    expect(statuses.filter((status) => status === 'requires_payment_method')).toHaveLength(1);
    const open = await t.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.companyId, company._id));
    expect(open.filter((row) => row.closedAt === null)).toHaveLength(1);
  });

  it('an approver pays too; a buyer, another company and a bad list are refused, changing nothing', async () => {
    const { owner, buyer, company, bought } = await invoicedTeam('Refused Payers Ltd');
    const other = await invoicedTeam('Someone Else Ltd');
    const approver = await shopper(t);
    await addMember(t, owner, company._id, approver, { role: 'approver' });
    expect((await startPaying(approver, [bought[0]!._id])).statusCode).toBe(200);

    const product = await addProduct(t, { price: 10 });
    const card = await paidPurchase(t, await shopper(t), [{ productId: product._id, quantity: 1 }]);
    const [cardIntent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.purchaseId, card._id));
    const unpaid = await secretFor(owner, [bought[1]!._id]);
    const before = await dbSnapshot(t.db);
    const cases: [Shopper, unknown, number, string][] = [
      [buyer, [bought[1]!._id], 403, accountMessages.readers],
      [other.owner, [bought[1]!._id], 403, ''],
      [owner, [bought[1]!._id, other.bought[0]!._id], 400, accountMessages.oneCompany],
      [owner, [card._id], 404, accountMessages.invoiceNotFound],
      [owner, [], 400, accountMessages.payInvoiceIds],
      [owner, [bought[1]!._id, bought[1]!._id], 400, accountMessages.payInvoiceIds],
      [owner, 'all', 400, 'invoiceIds: Expected array, received string.'],
    ];
    for (const [who, invoiceIds, status, message] of cases) {
      const answer = await startPaying(who, invoiceIds);
      expect(answer.statusCode, JSON.stringify(invoiceIds)).toBe(status);
      expect((answer.json() as { message: string }).message).toContain(message);
    }
    // Recording: a payment the gateway does not know, another company's, one not yet taken.
    const refusals: [string, string, number, string][] = [
      [company._id, 'pi_doesnotexist', 400, paymentMessages.unknownPayment],
      [company._id, cardIntent!.id, 400, accountMessages.notCardPayment],
      [other.company._id, intentIdOf(unpaid), 403, ''],
      [
        company._id,
        intentIdOf(unpaid),
        409,
        paymentMessages.notSucceeded('requires_payment_method'),
      ],
    ];
    for (const [companyId, transactionId, status, message] of refusals) {
      const answer = await record(owner, companyId, transactionId);
      expect(answer.statusCode, transactionId).toBe(status);
      expect((answer.json() as { message: string }).message).toContain(message);
    }
    expect(await dbSnapshot(t.db)).toEqual(before);
  });

  it('a webhook for an invoice payment the shop never made books nothing', async () => {
    const event = signedIntentEvent({
      id: 'pi_unknowninvoicepayment0001',
      amount: 5000,
      orderId: null,
      invoicePaymentId: '00000000-0000-4000-8000-000000000001',
    });
    const before = await dbSnapshot(t.db);
    expect((await postWebhook(t, event.payload, event.signature)).statusCode).toBe(200);
    expect(await dbSnapshot(t.db)).toEqual(before);
  });
});
