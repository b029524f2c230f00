import {
  api,
  formatCents,
  shareOf,
  type ApiErrorBody,
  type AuditPage,
  type Company,
  type CreditNote,
  type CreditNoteList,
  type Purchase,
} from '@shop/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditNoteCounters,
  creditNotes,
  emailJobs,
  orders,
  sandboxPaymentIntents,
} from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember } from '../../test-support/companies.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { nextEmailAbout, startSmtpServer, type TestSmtpServer } from '../../test-support/mail.js';
import { extractPdfText } from '../../test-support/pdf-text.js';
import { checkout, payPurchase } from '../../test-support/purchases.js';
import {
  addProduct,
  adminShopper,
  availableOf,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

const berlin = {
  name: 'Anna Buyer',
  company: null,
  line1: 'Friedrichstrasse 12',
  line2: null,
  city: 'Berlin',
  region: null,
  postalCode: '10117',
  country: 'DE',
};

/**
 * Credit notes (issue 29 item 5, docs/decisions/039), on a German seller's domestic sale (19 %
 * VAT on goods and shipping): amounts from the stored lines, gapless numbers, the sandbox refund,
 * the email with its PDF, and the rules that refuse.
 */
describe.each(testDatabases())('credit notes on %s', (kind) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let anna: Shopper;
  let other: Shopper;
  let boss: Shopper;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, {
      env: orderTestEnv({
        SMTP_URL: smtp.url,
        SELLER_COUNTRY: 'DE',
        SELLER_TAX_ID: 'DE123456789',
        SELLER_NAME: 'Teilewerk GmbH',
      }),
    });
    [anna, other, boss] = await Promise.all([
      shopper(t, { name: 'Anna Buyer' }),
      shopper(t),
      adminShopper(t),
    ]);
    await answered(
      injectUnchecked(
        t,
        api.shipping.replace,
        {
          body: {
            methods: [
              {
                name: 'DHL Paket',
                carrier: 'DHL',
                countries: ['DE'],
                flatPrice: 10,
                daysMin: 1,
                daysMax: 3,
                sortOrder: 1,
              },
            ],
          },
        },
        boss,
      ),
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Anna's paid purchase: 3 x $100 and 2 x $50, shipped to Berlin for $10, 19 % VAT. */
  async function paid(): Promise<Purchase> {
    const a = await addProduct(t, { name: 'Ryzen 7 CPU', price: 100, available: 50 });
    const b = await addProduct(t, { name: 'DDR5 memory kit', price: 50, available: 50 });
    const placed = await checkout(
      t,
      anna,
      [
        { productId: a._id, quantity: 3 },
        { productId: b._id, quantity: 2 },
      ],
      { shipTo: berlin },
    );
    return payPurchase(t, anna, placed._id);
  }
  const stored = async (orderId: string) =>
    (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const credit = (purchaseId: string, body: object, who: Shopper = boss) =>
    injectUnchecked(t, api.creditNotes.create, { params: { id: purchaseId }, body } as never, who);
  const issue = (purchaseId: string, body: object) =>
    answered<CreditNote>(credit(purchaseId, { reason: 'Damaged in transit', ...body }), 201);
  const refundedOf = async (intentId: string) =>
    (
      await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId))
    )[0]!.amountRefunded;
  const numberOf = (number: string) => Number(number.slice(-5));
  const cents = (dollars: number) => Math.round(dollars * 100);

  it('credits part of a line at its price and its share of the tax, refunds it at the sandbox, emails the PDF', async () => {
    const purchase = await paid();
    expect(purchase.status).toBe('paid');
    const [cpu] = purchase.orders;
    const line = await stored(cpu!._id);
    expect(line.tax).toBeGreaterThan(0);
    expect(line.shippingCharge).toBeGreaterThan(0);

    const note = await issue(purchase._id, { lines: [{ orderId: line.id, quantity: 1 }] });
    const tax = shareOf(line.tax, 10_000, line.price + line.shippingCharge);
    expect(note).toMatchObject({
      purchaseId: purchase._id,
      purchaseNumber: purchase.number,
      invoiceNumber: purchase.invoiceNumber,
      reason: 'Damaged in transit',
      subtotal: 100,
      shipping: 0,
      tax: tax / 100,
      total: (10_000 + tax) / 100,
      currency: 'USD',
      refundStatus: 'refunded',
      lines: [
        {
          orderId: line.id,
          productName: 'Ryzen 7 CPU',
          quantity: 1,
          unitPrice: 100,
          net: 100,
          shipping: 0,
          tax: tax / 100,
        },
      ],
    });
    expect(note.number).toMatch(/^CN-\d{4}-\d{5}$/);
    expect(note.number.slice(3, 7)).toBe(String(new Date().getUTCFullYear()));
    // The card that paid gets exactly the total back.
    expect(await refundedOf(line.transactionId!)).toBe(10_000 + tax);

    // The buyer reads it, and its PDF; so does the admin; another customer does not.
    const listed = await answered<CreditNoteList>(
      injectUnchecked(t, api.creditNotes.list, { params: { id: purchase._id } }, anna),
    );
    expect(listed.items.map((item) => item.number)).toEqual([note.number]);
    await answered(
      injectUnchecked(t, api.creditNotes.list, { params: { id: purchase._id } }, boss),
    );
    await answered(
      injectUnchecked(t, api.creditNotes.list, { params: { id: purchase._id } }, other),
      403,
    );
    await answered(
      injectUnchecked(t, api.creditNotes.pdf, { params: { id: note._id } }, other),
      403,
    );
    const pdf = await injectUnchecked(t, api.creditNotes.pdf, { params: { id: note._id } }, anna);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractPdfText(new Uint8Array(pdf.rawPayload));
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      `Credit note ${note.number}`,
      `for invoice ${purchase.invoiceNumber}`,
      'Teilewerk GmbH',
      'Tax ID: DE123456789',
      'Ryzen 7 CPU',
      '1 $100 $100',
      'Subtotal $100',
      `Total credited ${formatCents(cents(note.total))}`,
      'Damaged in transit',
    ]) {
      expect(flat).toContain(expected);
    }

    // The email: queued with the note, sent with the PDF attached.
    const [job] = await t.db
      .select()
      .from(emailJobs)
      .where(
        and(
          eq(emailJobs.kind, 'credit-note'),
          sql`${emailJobs.payload}->>'creditNoteId' = ${note._id}`,
        ),
      );
    expect(job).toMatchObject({ to: anna.email, payload: { purchaseId: purchase._id } });
    const mail = await nextEmailAbout(smtp, note.number);
    expect(JSON.stringify(mail.to)).toContain(anna.email);
    expect(mail.text).toContain(formatCents(cents(note.total)));
    expect(mail.text).toContain('Damaged in transit');
    const [attachment] = mail.attachments;
    expect(attachment?.filename).toBe(`${note.number}.pdf`);
    expect(attachment?.contentType).toBe('application/pdf');
    expect((await extractPdfText(attachment!.content)).text).toContain(note.number);

    // Audited.
    const audit = await answered<AuditPage>(
      injectUnchecked(t, api.audit.list, { query: { limit: '5' } }, boss),
    );
    expect(audit.items.find((entry) => entry.action === 'purchase.credit')).toMatchObject({
      targetType: 'purchase',
      targetId: purchase._id,
      targetLabel: purchase.number,
      actorEmail: boss.email,
    });
  });

  it('credits the rest of the purchase, shipping too, never more than it was charged', async () => {
    const purchase = await paid();
    const [cpu, memory] = await Promise.all(purchase.orders.map((o) => stored(o._id)));
    const first = await issue(purchase._id, { lines: [{ orderId: cpu!.id, quantity: 1 }] });
    // No quantity: everything left of each line; with its shipping.
    const rest = await issue(purchase._id, {
      lines: [{ orderId: cpu!.id }, { orderId: memory!.id }],
      shipping: true,
    });
    expect(numberOf(rest.number)).toBe(numberOf(first.number) + 1);
    expect(rest.lines.map((l) => l.quantity)).toEqual([2, 2]);
    // The memory line whole: exactly what it was charged.
    expect(rest.lines[1]).toMatchObject({
      net: 100,
      shipping: memory!.shippingCharge / 100,
      tax: memory!.tax / 100,
    });
    const notes = [first, rest];
    const sum = (pick: (l: CreditNote['lines'][number]) => number, orderId: string) =>
      notes
        .flatMap((n) => n.lines)
        .filter((l) => l.orderId === orderId)
        .reduce((s, l) => s + cents(pick(l)), 0);
    expect(sum((l) => l.net, cpu!.id)).toBe(cpu!.price);
    expect(sum((l) => l.shipping, cpu!.id)).toBeLessThanOrEqual(cpu!.shippingCharge);
    expect(sum((l) => l.tax, cpu!.id)).toBeLessThanOrEqual(cpu!.tax);
    expect(await refundedOf(cpu!.transactionId!)).toBe(cents(first.total) + cents(rest.total));

    // Nothing is left: another note is refused and takes no number.
    const refused = await answered<ApiErrorBody>(
      credit(purchase._id, { lines: [{ orderId: memory!.id, quantity: 1 }], reason: 'Again' }),
      409,
    );
    expect(refused.message).toBe('DDR5 memory kit has been credited in full already.');
  });

  it('refuses more than is left (409), a purchase not invoiced (409) and a line of another purchase (400), burning no number', async () => {
    const purchase = await paid();
    const [cpu] = purchase.orders;
    const before = await issue(purchase._id, { lines: [{ orderId: cpu!._id, quantity: 1 }] });
    const tooMany = await answered<ApiErrorBody>(
      credit(purchase._id, { lines: [{ orderId: cpu!._id, quantity: 3 }], reason: 'Too many' }),
      409,
    );
    expect(tooMany.message).toBe('Only 2 of Ryzen 7 CPU are left to credit.');

    const product = await addProduct(t, { price: 20, available: 10 });
    const unpaid = await checkout(t, anna, [{ productId: product._id, quantity: 1 }], {
      shipTo: berlin,
    });
    const notInvoiced = await answered<ApiErrorBody>(
      credit(unpaid._id, { lines: [{ orderId: unpaid.orders[0]!._id }], reason: 'Unpaid' }),
      409,
    );
    expect(notInvoiced.message).toBe('Only a paid (invoiced) purchase can be credited.');
    await answered(
      credit(purchase._id, { lines: [{ orderId: unpaid.orders[0]!._id }], reason: 'Elsewhere' }),
      400,
    );
    await answered(credit(purchase._id, { lines: [{ orderId: cpu!._id }], reason: '' }), 400);
    await answered(
      credit(purchase._id, { lines: [{ orderId: cpu!._id }], reason: 'x' }, anna),
      403,
    );

    const after = await issue(purchase._id, { lines: [{ orderId: cpu!._id, quantity: 2 }] });
    expect(numberOf(after.number)).toBe(numberOf(before.number) + 1);
  });

  it('two notes at once on the same line cannot together pass it', async () => {
    const purchase = await paid();
    const [cpu] = purchase.orders;
    const answers = await Promise.all(
      [1, 2].map(() =>
        credit(purchase._id, { lines: [{ orderId: cpu!._id, quantity: 2 }], reason: 'Twice' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const notes = await t.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.purchaseId, purchase._id));
    expect(notes.flatMap((n) => n.lines).reduce((s, l) => s + l.quantity, 0)).toBe(2);
  });

  it('numbers each year from 1 without gaps, whatever other years hold', async () => {
    await t.db.insert(creditNoteCounters).values({ year: 2001, last: 41 });
    const purchase = await paid();
    await issue(purchase._id, { lines: [{ orderId: purchase.orders[1]!._id, quantity: 1 }] });
    const year = new Date().getUTCFullYear();
    const numbers = (await t.db.select({ number: creditNotes.number }).from(creditNotes))
      .map((row) => row.number)
      .filter((number) => number.startsWith(`CN-${year}-`))
      .map(numberOf)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    const [old] = await t.db
      .select()
      .from(creditNoteCounters)
      .where(eq(creditNoteCounters.year, 2001));
    expect(old?.last).toBe(41);
  });

  it('puts the pieces back in stock when asked (restock)', async () => {
    const purchase = await paid();
    const [cpu] = purchase.orders;
    const before = await availableOf(t, cpu!.productId!);
    await issue(purchase._id, { lines: [{ orderId: cpu!._id, quantity: 2 }], restock: true });
    expect(await availableOf(t, cpu!.productId!)).toBe(before + 2);
    await issue(purchase._id, { lines: [{ orderId: cpu!._id, quantity: 1 }] });
    expect(await availableOf(t, cpu!.productId!)).toBe(before + 2);
  });

  it("lets the company's owner and approver read a member's credit notes, and not another buyer", async () => {
    const [owner, buyer, approver, colleague] = await Promise.all([
      shopper(t, { name: 'Olive Owner' }),
      shopper(t, { name: 'Bea Buyer' }),
      shopper(t, { name: 'Abe Approver' }),
      shopper(t, { name: 'Cal Colleague' }),
    ]);
    const company = await answered<Company>(
      injectUnchecked(t, api.companies.create, { body: { name: 'Credit Works Ltd' } }, owner),
      201,
    );
    await addMember(t, owner, company._id, buyer, { role: 'buyer', spendingLimit: null });
    await addMember(t, owner, company._id, approver, { role: 'approver' });
    await addMember(t, owner, company._id, colleague, { role: 'buyer', spendingLimit: null });
    const product = await addProduct(t, { price: 40, available: 10 });
    const placed = await checkout(t, buyer, [{ productId: product._id, quantity: 2 }], {
      shipTo: berlin,
    });
    expect(placed.companyId).toBe(company._id);
    const purchase = await payPurchase(t, buyer, placed._id);
    const note = await issue(purchase._id, { lines: [{ orderId: purchase.orders[0]!._id }] });
    for (const reader of [buyer, owner, approver]) {
      const list = await answered<CreditNoteList>(
        injectUnchecked(t, api.creditNotes.list, { params: { id: purchase._id } }, reader),
      );
      expect(list.items.map((item) => item.number)).toEqual([note.number]);
      const pdf = await injectUnchecked(
        t,
        api.creditNotes.pdf,
        { params: { id: note._id } },
        reader,
      );
      expect(pdf.statusCode).toBe(200);
    }
    await answered(
      injectUnchecked(t, api.creditNotes.list, { params: { id: purchase._id } }, colleague),
      403,
    );
    await answered(
      injectUnchecked(t, api.creditNotes.pdf, { params: { id: note._id } }, colleague),
      403,
    );
  });

  it('keeps the note when the refund fails, says so, and refunds on a retry', async () => {
    const purchase = await paid();
    const [cpu] = purchase.orders;
    const intentId = (await stored(cpu!._id)).transactionId!;
    const [intent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentId));
    // The money was given back some other way: the gateway refuses another refund.
    await t.db
      .update(sandboxPaymentIntents)
      .set({ amountRefunded: intent!.amount })
      .where(eq(sandboxPaymentIntents.id, intentId));
    const failed = await issue(purchase._id, { lines: [{ orderId: cpu!._id, quantity: 1 }] });
    expect(failed.refundStatus).toBe('failed');

    await t.db
      .update(sandboxPaymentIntents)
      .set({ amountRefunded: 0 })
      .where(eq(sandboxPaymentIntents.id, intentId));
    const retried = await answered<CreditNote>(
      injectUnchecked(t, api.creditNotes.retryRefund, { params: { id: failed._id } }, boss),
    );
    expect(retried).toMatchObject({ number: failed.number, refundStatus: 'refunded' });
    expect(await refundedOf(intentId)).toBe(cents(failed.total));
    // A retry of a refunded note refunds nothing more.
    await answered(
      injectUnchecked(t, api.creditNotes.retryRefund, { params: { id: failed._id } }, boss),
    );
    expect(await refundedOf(intentId)).toBe(cents(failed.total));
  });
});
