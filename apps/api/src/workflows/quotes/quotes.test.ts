import {
  api,
  formatMoney,
  quoteMessages,
  type ApiErrorBody,
  type CheckoutPreview,
  type CheckoutRefused,
  type Purchase,
  type Quote,
  type QuoteAccepted,
  type QuoteList,
} from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailJobs, purchases } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember, companyTeam } from '../../test-support/companies.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { extractPdfText } from '../../test-support/pdf-text.js';
import { CONTACT } from '../../test-support/purchases.js';
import { queueQuoteExpiryNotices } from './expiry.js';
import {
  addProduct,
  adminShopper,
  availableOf,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

const { quotes, companies, purchases: purchaseApi } = api;

/**
 * Quotes (issue 31, docs/decisions/052): asked for by a company's buyer, offered in versions by
 * the shop, answered in a thread, accepted once, at the offered prices, through the one way to
 * buy (limits, approval, credit, stock), readable by role and company.
 */
describe.each(testDatabases())('quotes on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An offer valid for `days` more days (negative: a moment in the past). */
  const until = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  const request = (who: Shopper, body: object) =>
    answered<Quote>(injectUnchecked(t, quotes.create, { body }, who), 201);
  const offer = (id: string, lines: object[], extra: object = {}) =>
    injectUnchecked(
      t,
      quotes.offer,
      { params: { id }, body: { lines, expiresAt: until(14), ...extra } },
      admin,
    );
  const accept = (who: Shopper, id: string, body: object = {}) =>
    injectUnchecked(t, quotes.accept, { params: { id }, body: { ...CONTACT, ...body } }, who);
  const preview = (who: Shopper, id: string, body: object = {}) =>
    injectUnchecked(t, quotes.preview, { params: { id }, body: { ...CONTACT, ...body } }, who);
  const read = (who: Shopper, id: string) =>
    injectUnchecked(t, quotes.get, { params: { id } }, who);

  /** A company whose buyer (no spending limit unless given) asks about two products. */
  async function quotedTeam(name: string, spendingLimit: number | null = null) {
    const team = await companyTeam(t, { spendingLimit, name });
    const ssd = await addProduct(t, {
      name: 'Enterprise SSD 3.84TB',
      price: 400,
      available: 5_000,
      priceTiers: [{ minQuantity: 100, price: 380 }],
    });
    const nic = await addProduct(t, { name: '25GbE NIC', price: 150, available: 1_000 });
    const quote = await request(team.buyer, {
      lines: [
        { productId: ssd._id, quantity: 200, targetPrice: 320 },
        { productId: nic._id, quantity: 40 },
      ],
      message: 'For the Q3 data-centre build.',
    });
    return { ...team, ssd, nic, quote };
  }

  it('a request is numbered, kept with the catalogue figures beside it, and mailed to the admins', async () => {
    const { ssd, nic, quote, company, buyer } = await quotedTeam('Northwind Integrators');
    expect(quote.number).toMatch(/^Q-\d{4}-\d{5}$/);
    expect(quote).toMatchObject({
      status: 'requested',
      companyId: company._id,
      companyName: 'Northwind Integrators',
      requester: { email: buyer.email },
      lineCount: 2,
      offerSubtotal: null,
      versions: [],
      lines: [
        {
          productId: ssd._id,
          productName: 'Enterprise SSD 3.84TB',
          quantity: 200,
          targetPrice: 320,
          listPrice: 400,
          tierPrice: 380,
          contractPrice: null,
        },
        { productId: nic._id, quantity: 40, targetPrice: null, listPrice: 150, tierPrice: 150 },
      ],
      messages: [{ from: 'buyer', text: 'For the Q3 data-centre build.' }],
    });
    const mail = await t.db
      .select({ to: emailJobs.to })
      .from(emailJobs)
      .where(
        sql`${emailJobs.kind} = 'quote-requested' and ${emailJobs.payload}->>'quoteId' = ${quote._id}`,
      );
    expect(mail.map((m) => m.to)).toContain(admin.email);

    // A product that is not sold: nothing is asked.
    const missing = await injectUnchecked(
      t,
      quotes.create,
      { body: { lines: [{ productId: crypto.randomUUID(), quantity: 1 }] } },
      buyer,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('offers are versions; the buyer counters with target prices; every step stays in the thread', async () => {
    const { ssd, nic, quote, buyer } = await quotedTeam('Versioned Systems');
    const first = await answered<Quote>(
      offer(
        quote._id,
        [
          { productId: ssd._id, quantity: 200, unitPrice: 350 },
          { productId: nic._id, quantity: 40, unitPrice: 140 },
        ],
        { note: 'Delivery in two lots.' },
      ),
    );
    expect(first).toMatchObject({
      status: 'offered',
      offerSubtotal: 75_600,
      versions: [{ version: 1, subtotal: 75_600, note: 'Delivery in two lots.' }],
    });
    const countered = await answered<Quote>(
      injectUnchecked(
        t,
        quotes.message,
        {
          params: { id: quote._id },
          body: {
            text: 'Can you do $330 on the SSDs?',
            targetPrices: [{ productId: ssd._id, targetPrice: 330 }],
          },
        },
        buyer,
      ),
      201,
    );
    expect(countered.status).toBe('requested');
    expect(countered.lines[0]!.targetPrice).toBe(330);
    const second = await answered<Quote>(
      offer(quote._id, [
        { productId: ssd._id, quantity: 200, unitPrice: 335 },
        { productId: nic._id, quantity: 40, unitPrice: 140 },
      ]),
    );
    expect(second.versions.map((v) => [v.version, v.subtotal])).toEqual([
      [1, 75_600],
      [2, 72_600],
    ]);
    expect(second.messages.map((m) => m.from)).toEqual(['buyer', 'buyer']);
    // Each offer is audited with its figures.
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, quote._id));
    expect(audits).toHaveLength(2);
    // The buyer is mailed each offer.
    const mailed = await t.db
      .select({ to: emailJobs.to })
      .from(emailJobs)
      .where(
        sql`${emailJobs.kind} = 'quote-offered' and ${emailJobs.payload}->>'quoteId' = ${quote._id}`,
      );
    expect(mailed).toEqual([{ to: buyer.email }, { to: buyer.email }]);

    // An offer in the past, or a customer offering, changes nothing.
    const past = await offer(quote._id, [{ productId: ssd._id, quantity: 1, unitPrice: 1 }], {
      expiresAt: until(-1),
    });
    expect(past.statusCode).toBe(400);
    expect((past.json() as ApiErrorBody).message).toBe(quoteMessages.expiresInPast);
    const byBuyer = await injectUnchecked(
      t,
      quotes.offer,
      {
        params: { id: quote._id },
        body: { lines: [{ productId: ssd._id, quantity: 1, unitPrice: 1 }], expiresAt: until(3) },
      },
      buyer,
    );
    expect(byBuyer.statusCode).toBe(403);
    expect((await answered<Quote>(read(buyer, quote._id))).versions).toHaveLength(2);
  });

  it("an offer keeps the product's quantity rule (minimum, packs, maximum) at any price", async () => {
    const { buyer, company } = await quotedTeam('Packed Parts Ltd');
    const cables = await addProduct(t, {
      name: 'DAC Cable 3m (10 pack)',
      price: 25,
      minimum: 20,
      increment: 10,
      maximum: 1_000,
      available: 5,
    });
    const asked = await request(buyer, { lines: [{ productId: cables._id, quantity: 25 }] });
    expect(asked.companyId).toBe(company._id);
    for (const [quantity, rule] of [
      [25, 'Order in multiples of 10.'],
      [10, 'Minimum 20 Pieces Needed.'],
      [1_010, 'At most 1000 pieces per order.'],
    ] as const) {
      const refused = await offer(asked._id, [{ productId: cables._id, quantity, unitPrice: 20 }]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ApiErrorBody>().message).toBe(
        quoteMessages.offerQuantity('DAC Cable 3m (10 pack)', rule),
      );
    }
    expect(
      (await answered<Quote>(injectUnchecked(t, quotes.get, { params: { id: asked._id } }, buyer)))
        .versions,
    ).toEqual([]);
    // Whole packs, far above today's stock (5): stock is judged when it is accepted.
    const offered = await answered<Quote>(
      offer(asked._id, [{ productId: cables._id, quantity: 30, unitPrice: 20 }]),
    );
    expect(offered.status).toBe('offered');
  });

  it('accepting buys the offered lines at the offered prices, once; the quote then cannot change', async () => {
    const { ssd, nic, quote, buyer } = await quotedTeam('Accepting Ltd');
    await answered(
      offer(quote._id, [
        { productId: ssd._id, quantity: 200, unitPrice: 335.5 },
        { productId: nic._id, quantity: 40, unitPrice: 140 },
      ]),
    );
    const before = await availableOf(t, ssd._id);
    // The accept form's figures: the offered prices, shipping and tax, placing nothing.
    const shown = await answered<CheckoutPreview>(preview(buyer, quote._id, { version: 1 }));
    expect(shown.lines.map((line) => [line.productId, line.unitPrice])).toEqual([
      [ssd._id, 335.5],
      [nic._id, 140],
    ]);
    expect(shown.subtotal).toBe(200 * 335.5 + 40 * 140);
    expect(await availableOf(t, ssd._id)).toBe(before);
    const accepted = await answered<QuoteAccepted>(accept(buyer, quote._id, { version: 1 }));
    expect(accepted).toMatchObject({
      status: 'accepted',
      purchaseNumber: accepted.purchase.number,
    });
    expect(accepted.purchaseId).toBe(accepted.purchase._id);
    const { purchase } = accepted;
    expect(purchase).toMatchObject({
      status: 'unpaid',
      quoteNumber: quote.number,
      quoteId: quote._id,
    });
    expect(purchase.orders.map((o) => [o.productId, o.quantity, o.price])).toEqual([
      [ssd._id, 200, 200 * 335.5],
      [nic._id, 40, 40 * 140],
    ]);
    expect(purchase.subtotal).toBe(200 * 335.5 + 40 * 140);
    // The total shown is the total charged: what the purchase asks to be paid.
    const stored = await answered<Purchase>(
      injectUnchecked(t, purchaseApi.get, { params: { id: purchase._id } }, buyer),
    );
    expect(stored.total).toBe(purchase.total);
    expect(purchase.total).toBe(shown.total);
    expect([purchase.shipping, purchase.tax]).toEqual([shown.shipping, shown.tax]);
    expect(await availableOf(t, ssd._id)).toBe(before - 200);
    const previewAfter = await preview(buyer, quote._id);
    expect(previewAfter.statusCode).toBe(409);

    const again = await accept(buyer, quote._id);
    expect(again.statusCode).toBe(409);
    expect((again.json() as ApiErrorBody).message).toBe(quoteMessages.acceptedAlready);
    const reoffer = await offer(quote._id, [{ productId: ssd._id, quantity: 200, unitPrice: 1 }]);
    expect(reoffer.statusCode).toBe(409);
    const written = await injectUnchecked(
      t,
      quotes.message,
      { params: { id: quote._id }, body: { text: 'One more thing' } },
      buyer,
    );
    expect(written.statusCode).toBe(409);
    const decline = await injectUnchecked(t, quotes.decline, { params: { id: quote._id } }, buyer);
    expect(decline.statusCode).toBe(409);
  });

  it('10 accepts at once make one purchase; the other nine answer 409', async () => {
    const { ssd, quote, buyer } = await quotedTeam('Race Quotes Ltd');
    await answered(offer(quote._id, [{ productId: ssd._id, quantity: 10, unitPrice: 300 }]));
    const answers = await Promise.all(Array.from({ length: 10 }, () => accept(buyer, quote._id)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    const made = await t.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(eq(purchases.quoteId, quote._id));
    expect(made).toHaveLength(1);
  });

  it('an expired offer, a newer offer, a declined quote and gone stock refuse acceptance', async () => {
    const { ssd, nic, quote, buyer } = await quotedTeam('Refusals GmbH');
    await answered(offer(quote._id, [{ productId: ssd._id, quantity: 10, unitPrice: 300 }]));
    await answered(offer(quote._id, [{ productId: ssd._id, quantity: 10, unitPrice: 290 }]));
    const stale = await accept(buyer, quote._id, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as ApiErrorBody).message).toBe(quoteMessages.staleOffer);

    await t.db.execute(
      sql`update quotes set expires_at = now() - interval '1 hour' where id = ${quote._id}`,
    );
    await t.db.execute(
      sql`update quote_versions set expires_at = now() - interval '1 hour' where quote_id = ${quote._id}`,
    );
    expect((await answered<Quote>(read(buyer, quote._id))).status).toBe('expired');
    const expired = await accept(buyer, quote._id);
    expect(expired.statusCode).toBe(409);
    expect((expired.json() as ApiErrorBody).message).toMatch(/expired on/);
    const list = await answered<QuoteList>(
      injectUnchecked(t, quotes.list, { query: { status: 'expired' } }, buyer),
    );
    expect(list.items.map((q) => q._id)).toContain(quote._id);

    // A new offer reopens it; the stock is then gone: 409 naming the line, nothing bought.
    await answered(offer(quote._id, [{ productId: nic._id, quantity: 900, unitPrice: 120 }]));
    await t.db.execute(sql`update products set available = 5 where id = ${nic._id}`);
    const gone = await accept(buyer, quote._id);
    expect(gone.statusCode).toBe(409);
    expect((gone.json() as CheckoutRefused).lines).toEqual([
      expect.objectContaining({ productId: nic._id }),
    ]);
    expect((await answered<Quote>(read(buyer, quote._id))).status).toBe('offered');

    const declined = await answered<Quote>(
      injectUnchecked(t, quotes.decline, { params: { id: quote._id } }, buyer),
    );
    expect(declined.status).toBe('declined');
    const told = await t.db
      .select({ to: emailJobs.to })
      .from(emailJobs)
      .where(
        sql`${emailJobs.kind} = 'quote-declined' and ${emailJobs.payload}->>'quoteId' = ${quote._id}`,
      );
    expect(told.map((m) => m.to)).toContain(admin.email);
    expect((await accept(buyer, quote._id)).statusCode).toBe(409);
  });

  it('the company sees it by role: owner and approver read, a buyer only their own, others nothing', async () => {
    const { owner, company, quote, ssd, buyer } = await quotedTeam('Roles & Quotes Inc.');
    const approver = await shopper(t);
    await addMember(t, owner, company._id, approver, { role: 'approver', spendingLimit: null });
    const colleague = await shopper(t);
    await addMember(t, owner, company._id, colleague, { role: 'buyer', spendingLimit: null });
    const outsider = await shopper(t);

    expect((await read(owner, quote._id)).statusCode).toBe(200);
    expect((await read(approver, quote._id)).statusCode).toBe(200);
    expect((await read(colleague, quote._id)).statusCode).toBe(403);
    expect((await read(outsider, quote._id)).statusCode).toBe(403);
    expect((await read(admin, quote._id)).statusCode).toBe(200);
    const listed = async (who: Shopper) =>
      (await answered<QuoteList>(injectUnchecked(t, quotes.list, {}, who))).items.map((q) => q._id);
    expect(await listed(approver)).toContain(quote._id);
    expect(await listed(colleague)).not.toContain(quote._id);
    expect(await listed(outsider)).not.toContain(quote._id);
    expect(await listed(admin)).toContain(quote._id);
    const searched = await answered<QuoteList>(
      injectUnchecked(t, quotes.list, { query: { q: quote.number } }, admin),
    );
    expect(searched.items.map((q) => q._id)).toEqual([quote._id]);

    await answered(offer(quote._id, [{ productId: ssd._id, quantity: 5, unitPrice: 300 }]));
    // An approver reads but does not accept; the owner may (the buyer asked, the owner buys).
    expect((await accept(approver, quote._id)).statusCode).toBe(403);
    expect((await preview(approver, quote._id)).statusCode).toBe(403);
    expect((await preview(outsider, quote._id)).statusCode).toBe(403);
    expect((await accept(outsider, quote._id)).statusCode).toBe(403);
    expect((await accept(colleague, quote._id)).statusCode).toBe(403);
    const byOwner = await answered<QuoteAccepted>(accept(owner, quote._id));
    expect(byOwner.purchase.email).toBe(owner.email);
    expect(buyer.email).not.toBe(owner.email);
  });

  it('above the spending limit it waits for approval, and approving keeps the offered prices', async () => {
    const { owner, ssd, quote, buyer } = await quotedTeam('Approved Quotes Ltd', 1_000);
    await answered(offer(quote._id, [{ productId: ssd._id, quantity: 10, unitPrice: 310 }]));
    const accepted = await answered<QuoteAccepted>(accept(buyer, quote._id));
    expect(accepted.purchase.status).toBe('awaiting_approval');
    expect(accepted.status).toBe('accepted');
    const approved = await answered<Purchase>(
      injectUnchecked(t, companies.approve, { params: { id: accepted.purchase._id } }, owner),
    );
    expect(approved.status).toBe('unpaid');
    expect(approved.orders.map((o) => o.price)).toEqual([3_100]);
    expect(approved.quoteNumber).toBe(quote.number);
    expect((await answered<Quote>(read(buyer, quote._id))).purchaseClosed).toBeNull();
  });

  it('a purchase rejected by the approver leaves the quote accepted, saying so; the buyer asks again', async () => {
    const { owner, ssd, quote, buyer } = await quotedTeam('Rejected Quotes Ltd', 1_000);
    await answered(offer(quote._id, [{ productId: ssd._id, quantity: 10, unitPrice: 310 }]));
    const { purchase } = await answered<QuoteAccepted>(accept(buyer, quote._id));
    await answered(
      injectUnchecked(
        t,
        companies.reject,
        { params: { id: purchase._id }, body: { reason: 'Over the project budget.' } },
        owner,
      ),
    );
    const after = await answered<Quote>(read(buyer, quote._id));
    expect(after).toMatchObject({
      status: 'accepted',
      purchaseId: purchase._id,
      purchaseClosed: 'rejected',
    });
    // Accepted once, even so: asking again is a new quote for the same lines.
    expect((await accept(buyer, quote._id)).statusCode).toBe(409);
    const again = await request(buyer, {
      lines: after.lines.map(({ productId, quantity }) => ({ productId, quantity })),
      message: `Asked again: purchase ${purchase.number} was rejected.`,
    });
    expect(again).toMatchObject({ status: 'requested', purchaseClosed: null });
  });

  it('on account, the acceptance is charged to the credit and refused above it with what is left', async () => {
    const { company, ssd, quote, buyer } = await quotedTeam('Credit Quotes Ltd');
    await answered(
      injectUnchecked(
        t,
        companies.putTerms,
        {
          params: { id: company._id },
          body: { paymentTerms: 'net30', creditLimit: 2_000, onHold: false },
        },
        admin,
      ),
    );
    await answered(offer(quote._id, [{ productId: ssd._id, quantity: 10, unitPrice: 300 }]));
    const over = await accept(buyer, quote._id, { paymentMethod: 'account' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ available: 2_000 });
    expect((await answered<Quote>(read(buyer, quote._id))).status).toBe('offered');

    await answered(offer(quote._id, [{ productId: ssd._id, quantity: 5, unitPrice: 300 }]));
    const onAccount = await answered<QuoteAccepted>(
      accept(buyer, quote._id, { paymentMethod: 'account' }),
    );
    expect(onAccount.purchase).toMatchObject({
      status: 'on_account',
      amountDue: onAccount.purchase.total,
    });
  });

  it('mails the buyer once, two days before the latest offer expires, however many sweep', async () => {
    const { ssd, quote, buyer } = await quotedTeam('Expiring Offers Ltd');
    const later = await quotedTeam('Later Offers Ltd');
    await answered(
      offer(quote._id, [{ productId: ssd._id, quantity: 3, unitPrice: 300 }], {
        expiresAt: until(1.5),
      }),
    );
    await answered(
      offer(later.quote._id, [{ productId: later.ssd._id, quantity: 3, unitPrice: 300 }], {
        expiresAt: until(5),
      }),
    );
    const sweeps = await Promise.all([
      queueQuoteExpiryNotices(t.db),
      queueQuoteExpiryNotices(t.db),
      queueQuoteExpiryNotices(t.db),
    ]);
    expect(sweeps.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    const noticed = await t.db
      .select({ to: emailJobs.to, quoteId: sql<string>`${emailJobs.payload}->>'quoteId'` })
      .from(emailJobs)
      .where(eq(emailJobs.kind, 'quote-expiring'));
    expect(noticed.filter((n) => n.quoteId === quote._id)).toEqual([
      { to: buyer.email, quoteId: quote._id },
    ]);
    expect(noticed.filter((n) => n.quoteId === later.quote._id)).toEqual([]);
    expect(await queueQuoteExpiryNotices(t.db)).toBe(0);
  });

  it('the PDF carries the number, the version, the lines, their prices and the validity', async () => {
    const { ssd, quote, buyer } = await quotedTeam('Printed Quotes Ltd');
    await answered(
      offer(quote._id, [{ productId: ssd._id, quantity: 12, unitPrice: 333.25 }], {
        note: 'Prices held for this project only.',
      }),
    );
    const pdf = await injectUnchecked(t, quotes.pdf, { params: { id: quote._id } }, buyer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractPdfText(pdf.rawPayload);
    for (const words of [
      quote.number,
      'version 1',
      'Enterprise SSD 3.84TB',
      '$333.25',
      '$3,999',
      'Valid until',
      'Prices held for this project only.',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain('Shipping and tax are added when the offer is accepted');
    const none = await injectUnchecked(
      t,
      quotes.pdf,
      { params: { id: quote._id }, query: { version: '7' } },
      buyer,
    );
    expect(none.statusCode).toBe(404);

    // Accepted: the version accepted prints the purchase's number and what it charged.
    const { purchase } = await answered<QuoteAccepted>(accept(buyer, quote._id));
    const accepted = await injectUnchecked(t, quotes.pdf, { params: { id: quote._id } }, buyer);
    const printed = (await extractPdfText(accepted.rawPayload)).text.replace(/\s+/g, ' ');
    expect(printed).toContain(`Purchase number: ${purchase.number}`);
    expect(printed).toContain(`Accepted as purchase ${purchase.number}`);
    expect(printed).toContain(`Total charged ${formatMoney(purchase.total)}`);
    expect(printed).not.toContain('Shipping and tax are added');
  });
});
