import {
  accountMessages,
  api,
  type Account,
  type CreditRefused,
  type PlaceOrderResult,
  type Purchase,
} from '@shop/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { emailJobs, ledgerEntries, purchases } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember, companyTeam } from '../../test-support/companies.js';
import { dbSnapshot } from '../../test-support/db-snapshot.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { extractPdfText } from '../../test-support/pdf-text.js';
import { CONTACT, checkout, paidPurchase } from '../../test-support/purchases.js';
import { acceptQuote, offeredQuote } from '../../test-support/quotes.js';
import {
  addProduct,
  adminShopper,
  availableOf,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

const { companies, purchases: purchaseApi, orders } = api;

/**
 * Paying on account through the one way to buy (issue 30 items 1-3, docs/decisions/044): a member
 * of a company with net terms checks out, buys now or has a purchase approved on account; it is
 * confirmed at once (stock taken for good, shippable), invoiced with the due date its terms give
 * (one gapless numbering with card invoices) and charged to the company's ledger, atomically
 * against the credit limit.
 */
describe.each(testDatabases())('paying on account on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const setTerms = (companyId: string, creditLimit: number | null, extra: object = {}) =>
    answered(
      injectUnchecked(
        t,
        companies.putTerms,
        {
          params: { id: companyId },
          body: { paymentTerms: 'net30', creditLimit, onHold: false, ...extra },
        },
        admin,
      ),
    );
  const accountOf = (companyId: string) =>
    answered<Account>(injectUnchecked(t, companies.account, { params: { id: companyId } }, admin));
  const checkoutOnAccount = (who: Shopper, lines: object[], extra: object = {}) =>
    injectUnchecked(
      t,
      purchaseApi.checkout,
      { body: { lines, ...CONTACT, paymentMethod: 'account', ...extra } },
      who,
    );
  const readPurchase = (who: Shopper, id: string) =>
    answered<Purchase>(injectUnchecked(t, purchaseApi.get, { params: { id } }, who));
  /** The database's day `days` after today, as the due date is written (UTC). */
  async function dayAfter(days: number) {
    const [row] = rowsOf<{ day: string }>(
      await t.db.execute(
        sql`select to_char((now() at time zone 'UTC')::date + ${days}::int, 'YYYY-MM-DD') as day`,
      ),
    );
    return row!.day;
  }

  /** A company on Net 30 with `limit` dollars of credit, its buyer under no spending limit. */
  async function accountTeam(limit: number | null, name = 'Northwind Traders') {
    const team = await companyTeam(t, { spendingLimit: null, name });
    await setTerms(team.company._id, limit);
    const product = await addProduct(t, { name: 'Xeon Server CPU', price: 1180, available: 500 });
    return { ...team, product };
  }

  it('a checkout on account is confirmed, invoiced with its due date and charged to the company', async () => {
    const { buyer, company, product } = await accountTeam(50_000);
    const before = await availableOf(t, product._id);
    const answer = checkoutOnAccount(buyer, [{ productId: product._id, quantity: 10 }], {
      poNumber: 'PO-7781',
    });
    const purchase = await answered<Purchase>(answer, 201);
    expect(purchase).toMatchObject({
      status: 'on_account',
      paymentTerms: 'net30',
      dueDate: await dayAfter(30),
      total: 11_800,
      amountDue: 11_800,
      unpaidTotal: 0,
      paidAt: null,
      companyId: company._id,
    });
    expect(purchase.invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);
    // Confirmed: the stock is taken for good, nothing is held or waits for a card.
    expect(purchase.orders.every((o) => o.paid && o.holdExpiresAt === null)).toBe(true);
    expect(await availableOf(t, product._id)).toBe(before - 10);

    const account = await accountOf(company._id);
    expect(account).toMatchObject({ creditLimit: 50_000, balance: 11_800, available: 38_200 });
    expect(account.entries).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        amount: 11_800,
        reference: purchase.invoiceNumber,
        balanceAfter: 11_800,
      }),
    ]);
    // Mailed its invoice, not a "pay now" or a payment receipt.
    const mail = await t.db
      .select({ kind: emailJobs.kind })
      .from(emailJobs)
      .where(sql`${emailJobs.payload}->>'purchaseId' = ${purchase._id}`);
    expect(mail.map((m) => m.kind)).toEqual(['account-invoice']);

    // The buyer finds it by its status, not among the paid.
    const byStatus = (status: string) =>
      answered<{ items: Purchase[] }>(
        injectUnchecked(t, purchaseApi.listOwn, { query: { status } }, buyer),
      ).then((page) => page.items.map((p) => p._id));
    expect(await byStatus('on_account')).toEqual([purchase._id]);
    expect(await byStatus('paid')).toEqual([]);
  });

  it('the invoice PDF carries the terms, the due date and what is due', async () => {
    const { buyer, product } = await accountTeam(null, 'Fabrikam Inc');
    const purchase = await answered<Purchase>(
      checkoutOnAccount(buyer, [{ productId: product._id, quantity: 2 }]),
      201,
    );
    const pdf = await injectUnchecked(
      t,
      purchaseApi.invoice,
      { params: { id: purchase._id } },
      buyer,
    );
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractPdfText(pdf.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Terms: Net 30');
    expect(flat).toContain(`Invoice number: ${purchase.invoiceNumber}`);
    expect(flat).toContain('Amount due: $2,360');
    expect(flat).not.toContain('Paid on');
  });

  it('Buy Now on account answers on_account and charges the same account', async () => {
    const { buyer, company, product } = await accountTeam(50_000, 'Contoso Buy Now');
    const placed = await answered<PlaceOrderResult>(
      injectUnchecked(
        t,
        orders.place,
        { body: { productId: product._id, quantity: 3, ...CONTACT, paymentMethod: 'account' } },
        buyer,
      ),
      201,
    );
    expect(placed.purchaseStatus).toBe('on_account');
    expect(placed.order).toMatchObject({ paid: true, holdExpiresAt: null });
    const purchase = await readPurchase(buyer, placed.purchaseId);
    expect(purchase).toMatchObject({ status: 'on_account', amountDue: 3540 });
    expect((await accountOf(company._id)).balance).toBe(3540);
  });

  it('above the available credit: 409 naming it, nothing changed; the card still works', async () => {
    const { buyer, company, product } = await accountTeam(5000, 'Tailspin Toys');
    await answered(checkoutOnAccount(buyer, [{ productId: product._id, quantity: 3 }]), 201);
    const before = await dbSnapshot(t.db);
    const refused = await answered<CreditRefused>(
      checkoutOnAccount(buyer, [{ productId: product._id, quantity: 2 }]),
      409,
    );
    expect(refused).toMatchObject({
      message: accountMessages.overLimit(146_000),
      available: 1460,
    });
    expect(await dbSnapshot(t.db)).toEqual(before);
    // Buy Now says the same.
    const buyNow = await answered<CreditRefused>(
      injectUnchecked(
        t,
        orders.place,
        { body: { productId: product._id, quantity: 2, ...CONTACT, paymentMethod: 'account' } },
        buyer,
      ),
      409,
    );
    expect(buyNow.available).toBe(1460);
    // Paid by card instead, the purchase is placed as any other.
    const byCard = await checkout(t, buyer, [{ productId: product._id, quantity: 2 }]);
    expect(byCard).toMatchObject({ status: 'unpaid', paymentTerms: 'card', amountDue: 0 });
    expect((await accountOf(company._id)).balance).toBe(3540);
  });

  it('a hold, card terms, and no company refuse the account; nothing is placed', async () => {
    const { buyer, company, product } = await accountTeam(50_000, 'Held Parts');
    await setTerms(company._id, 50_000, { onHold: true });
    const before = await dbSnapshot(t.db);
    const held = await answered<CreditRefused>(
      checkoutOnAccount(buyer, [{ productId: product._id, quantity: 1 }]),
      409,
    );
    expect(held.message).toBe(accountMessages.held);
    await setTerms(company._id, null, { paymentTerms: 'card' });
    const card = await answered<CreditRefused>(
      checkoutOnAccount(buyer, [{ productId: product._id, quantity: 1 }]),
      409,
    );
    expect(card.message).toBe(accountMessages.cardTerms);
    const loner = await shopper(t);
    const none = await answered<CreditRefused>(
      checkoutOnAccount(loner, [{ productId: product._id, quantity: 1 }]),
      403,
    );
    expect(none.message).toBe(accountMessages.notMember);
    const after = await dbSnapshot(t.db);
    expect(after.purchases).toEqual(before.purchases);
    expect(await availableOf(t, product._id)).toBe(500);
    const bad = await answered<{ message: string }>(
      checkoutOnAccount(buyer, [{ productId: product._id, quantity: 1 }], {
        paymentMethod: 'cheque',
      }),
      400,
    );
    expect(bad.message).toContain(accountMessages.paymentMethod);
  });

  it('an invoice more than OVERDUE_HOLD_DAYS late holds the account on every road until it is paid', async () => {
    const { owner, buyer, company, product } = await accountTeam(null, 'Late Payers Ltd');
    const limited = await shopper(t);
    await addMember(t, owner, company._id, limited, { role: 'buyer', spendingLimit: 1000 });
    const first = await answered<Purchase>(
      checkoutOnAccount(buyer, [{ productId: product._id, quantity: 1 }]),
      201,
    );
    // Waiting for approval on account before the hold, and a quote offered before it.
    const waiting = await answered<Purchase>(
      checkoutOnAccount(limited, [{ productId: product._id, quantity: 2 }]),
      201,
    );
    const quoteId = await offeredQuote(t, buyer, admin, [
      { productId: product._id, quantity: 1, unitPrice: 1100 },
    ]);
    const spending = () =>
      answered<{ onHold: boolean; holdReason: string | null }>(
        injectUnchecked(t, companies.spending, {}, buyer),
      );
    const lateBy = (days: number) =>
      t.db
        .update(purchases)
        .set({ dueDate: sql`(now() at time zone 'UTC')::date - ${days}::int` })
        .where(eq(purchases.id, first._id));

    // 30 days late is not yet more than OVERDUE_HOLD_DAYS (30).
    await lateBy(30);
    expect(await spending()).toMatchObject({ onHold: false, holdReason: null });
    await lateBy(31);
    const reason = accountMessages.overdueHold(first.invoiceNumber ?? '', 31);
    expect(await spending()).toEqual(expect.objectContaining({ onHold: true, holdReason: reason }));

    const before = await dbSnapshot(t.db);
    const roads = [
      checkoutOnAccount(buyer, [{ productId: product._id, quantity: 1 }]),
      injectUnchecked(
        t,
        orders.place,
        {
          body: {
            productId: product._id,
            quantity: 1,
            ...CONTACT,
            paymentMethod: 'account',
          },
        },
        buyer,
      ),
      injectUnchecked(t, companies.approve, { params: { id: waiting._id } }, owner),
      acceptQuote(t, buyer, quoteId, { ...CONTACT, paymentMethod: 'account' }),
    ];
    for (const road of roads) {
      const refused = await answered<{ message: string }>(road, 409);
      expect(refused.message).toBe(reason);
    }
    const after = await dbSnapshot(t.db);
    expect(after.purchases).toEqual(before.purchases);
    expect(after.ledgerEntries).toEqual(before.ledgerEntries);
    // The card still buys.
    expect(
      (
        await answered<Purchase>(
          checkoutOnAccount(buyer, [{ productId: product._id, quantity: 1 }], {
            paymentMethod: 'card',
          }),
          201,
        )
      ).status,
    ).toBe('unpaid');

    // Paid, the hold lifts at once.
    await answered(
      injectUnchecked(
        t,
        companies.recordBankPayment,
        {
          params: { id: company._id },
          body: { amount: 1180, reference: 'LATE 1', receivedOn: await dayAfter(0) },
        },
        admin,
      ),
      201,
    );
    expect(await spending()).toMatchObject({ onHold: false, holdReason: null });
    expect(
      (
        await answered<Purchase>(
          checkoutOnAccount(buyer, [{ productId: product._id, quantity: 1 }]),
          201,
        )
      ).status,
    ).toBe('on_account');
  });

  it('20 concurrent checkouts at the edge of the limit: exactly as many as fit are charged', async () => {
    // $1,180 a piece plus nothing else: a $8,500 limit fits 7 of 20.
    const { buyer, company, product } = await accountTeam(8500, 'Edge Systems');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        checkoutOnAccount(buyer, [{ productId: product._id, quantity: 1 }]),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 409)).toHaveLength(13);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ available: 240 });
    }
    const account = await accountOf(company._id);
    expect(account.balance).toBe(7 * 1180);
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.companyId, company._id));
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(7 * 118_000);
    expect(await availableOf(t, product._id)).toBe(493);

    // Invoiced together (decision 051): numbers without a gap, each charged with the balance it
    // leaves, each naming its purchase's invoice, each mailed.
    const accepted = answers.filter((a) => a.statusCode === 201).map((a) => a.json() as Purchase);
    const serials = accepted.map((p) => Number(p.invoiceNumber!.slice(-5))).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 7 }, (_, i) => serials[0]! + i));
    const charged = [...entries].sort((a, b) => a.seq - b.seq);
    expect(charged.map((entry) => entry.balanceAfter)).toEqual(
      Array.from({ length: 7 }, (_, i) => (i + 1) * 118_000),
    );
    expect(new Map(charged.map((entry) => [entry.purchaseId, entry.reference]))).toEqual(
      new Map(accepted.map((p) => [p._id, p.invoiceNumber])),
    );
    const mailed = await t.db
      .select({ purchaseId: sql<string>`${emailJobs.payload}->>'purchaseId'` })
      .from(emailJobs)
      .where(eq(emailJobs.kind, 'account-invoice'));
    expect(mailed.map((m) => m.purchaseId)).toEqual(
      expect.arrayContaining(accepted.map((p) => p._id)),
    );
  });

  it('20 concurrent checkouts of different products (20 transactions) pass the limit together never', async () => {
    // Each product has its own queue, so each checkout is its own transaction: only the company
    // row's lock keeps them from all reading the same balance.
    const { buyer, company } = await accountTeam(5000, 'Race Conditions Ltd');
    const products = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        addProduct(t, { name: `Racing SSD ${i}`, price: 700, available: 10 }),
      ),
    );
    const answers = await Promise.all(
      products.map((product) =>
        checkoutOnAccount(buyer, [{ productId: product._id, quantity: 1 }]),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 409)).toHaveLength(13);
    const account = await accountOf(company._id);
    expect(account.balance).toBe(4900);
    expect(account.entries.map((entry) => entry.balanceAfter).sort((a, b) => a - b)).toEqual([
      700, 1400, 2100, 2800, 3500, 4200, 4900,
    ]);
  });

  it('approval on account: waits without credit, then confirmed and charged when approved', async () => {
    const { owner, company, product } = await accountTeam(10_000, 'Approving Ltd');
    const limited = await shopper(t);
    await addMember(t, owner, company._id, limited, { role: 'buyer', spendingLimit: 1000 });
    const waiting = await answered<Purchase>(
      checkoutOnAccount(limited, [{ productId: product._id, quantity: 5 }]),
      201,
    );
    expect(waiting).toMatchObject({ status: 'awaiting_approval', paymentTerms: 'net30' });
    expect((await accountOf(company._id)).balance).toBe(0);

    // Meanwhile the company used most of its credit: the approval is refused with what is left.
    const big = await answered<Purchase>(
      checkoutOnAccount(owner, [{ productId: product._id, quantity: 7 }]),
      201,
    );
    expect(big.status).toBe('on_account');
    const approve = () =>
      injectUnchecked(t, companies.approve, { params: { id: waiting._id } }, owner);
    const refused = await answered<CreditRefused>(approve(), 409);
    expect(refused.available).toBe(1740);
    expect((await readPurchase(limited, waiting._id)).status).toBe('awaiting_approval');

    // The limit raised, the approval confirms it on account.
    await setTerms(company._id, 20_000);
    const approved = await answered<Purchase>(approve());
    expect(approved).toMatchObject({
      status: 'on_account',
      amountDue: 5900,
      dueDate: await dayAfter(30),
    });
    expect((await accountOf(company._id)).balance).toBe(8260 + 5900);
    const mail = await t.db
      .select({ kind: emailJobs.kind })
      .from(emailJobs)
      .where(sql`${emailJobs.payload}->>'purchaseId' = ${waiting._id}`);
    expect(mail.map((m) => m.kind).sort()).toEqual([
      'account-invoice',
      'approval-needed',
      'purchase-submitted',
    ]);
  });

  it('invoice numbers stay gapless across card and account invoices', async () => {
    const { buyer, product } = await accountTeam(null, 'Gapless GmbH');
    const numbers = [
      (await paidPurchase(t, buyer, [{ productId: product._id, quantity: 1 }])).invoiceNumber,
      (
        await answered<Purchase>(
          checkoutOnAccount(buyer, [{ productId: product._id, quantity: 1 }]),
          201,
        )
      ).invoiceNumber,
      (await paidPurchase(t, buyer, [{ productId: product._id, quantity: 1 }])).invoiceNumber,
    ];
    const serials = numbers.map((n) => Number(n!.slice(-5)));
    expect(serials).toEqual([serials[0], serials[0]! + 1, serials[0]! + 2]);
  });

  it('a credit note on account lowers what is due and the balance, and refunds no card', async () => {
    const { buyer, company, product } = await accountTeam(null, 'Credited Corp');
    const purchase = await answered<Purchase>(
      checkoutOnAccount(buyer, [{ productId: product._id, quantity: 10 }]),
      201,
    );
    const note = await answered<{ number: string; total: number; refundStatus: string }>(
      injectUnchecked(
        t,
        api.creditNotes.create,
        {
          params: { id: purchase._id },
          body: {
            lines: [{ orderId: purchase.orders[0]!._id, quantity: 2 }],
            reason: 'Two CPUs arrived damaged',
          },
        },
        admin,
      ),
      201,
    );
    expect(note).toMatchObject({ total: 2360, refundStatus: 'none' });
    expect(await readPurchase(buyer, purchase._id)).toMatchObject({
      status: 'on_account',
      amountDue: 9440,
    });
    const account = await accountOf(company._id);
    expect(account.balance).toBe(9440);
    expect(account.entries[0]).toMatchObject({
      kind: 'credit_note',
      amount: -2360,
      reference: note.number,
      balanceAfter: 9440,
    });
  });

  it('the admin ships a purchase on account before it is paid', async () => {
    const { buyer, product } = await accountTeam(null, 'Shipping Co');
    const purchase = await answered<Purchase>(
      checkoutOnAccount(buyer, [{ productId: product._id, quantity: 4 }]),
      201,
    );
    const shipped = await answered<Purchase>(
      injectUnchecked(
        t,
        purchaseApi.ship,
        { params: { id: purchase._id }, body: { carrier: 'UPS', trackingNumber: '1Z999' } },
        admin,
      ),
    );
    // Shipped, and its invoice still open.
    expect(shipped).toMatchObject({ status: 'shipped', amountDue: 4720, paidAt: null });
    const [row] = await t.db
      .select({ amountDue: purchases.amountDue })
      .from(purchases)
      .where(and(eq(purchases.id, purchase._id)));
    expect(row!.amountDue).toBe(472_000);
  });
});
