import { api, purchaseMessages, type Purchase } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailJobs, invoiceCounters, purchases } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { inject, injectUnchecked } from '../../test-support/inject.js';
import { intentRow, orderRow, payAtGateway } from '../../test-support/orders.js';
import {
  addProduct,
  adminShopper,
  availableOf,
  confirmSandbox,
  intentIdOf,
  orderTestEnv,
  postWebhook,
  shopper,
  signedIntentEvent,
  type Shopper,
} from '../../test-support/shop.js';

const contact = { number: '555-123-4567', address: '12 Harbour Road, Springfield' };

/** Paying a purchase at once, and the invoice number it gets (DESIGN section 8). */
describe.each(testDatabases())('paying a purchase on %s', (kind) => {
  let t: TestApp;
  let alice: Shopper;
  let bob: Shopper;
  let boss: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    [alice, bob, boss] = await Promise.all([shopper(t), shopper(t), adminShopper(t)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A purchase of two lines ($25 x 4 and $30 x 2) by `who`. */
  async function twoLines(who: Shopper = alice): Promise<Purchase> {
    const a = await addProduct(t, { price: 25, available: 100 });
    const b = await addProduct(t, { price: 30, available: 100 });
    const response = await inject(
      t,
      api.purchases.checkout,
      {
        body: {
          lines: [
            { productId: a._id, quantity: 4 },
            { productId: b._id, quantity: 2 },
          ],
          ...contact,
          poNumber: 'PO-1',
        },
      },
      who,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Purchase;
  }

  const purchaseIntent = (purchaseId: string, who: Shopper | null = alice) =>
    injectUnchecked(t, api.payments.createIntent, { body: { purchaseId } }, who ?? undefined);
  const pay = (purchaseId: string, transactionId: string, who: Shopper = alice) =>
    injectUnchecked(
      t,
      api.purchases.recordPayment,
      { params: { id: purchaseId }, body: { transactionId } },
      who,
    );
  const read = async (id: string) =>
    (await inject(t, api.purchases.get, { params: { id } }, alice)).json() as Purchase;

  it('one payment for every unpaid line: the amount is the purchase total; all lines paid, invoiced', async () => {
    const purchase = await twoLines();
    const intent = await purchaseIntent(purchase._id);
    expect(intent.statusCode, intent.body).toBe(200);
    const secret = intent.json<{ clientSecret: string }>().clientSecret;
    const intentId = intentIdOf(secret);
    expect((await intentRow(t, intentId))?.amount).toBe((4 * 25 + 2 * 30) * 100);
    // Asking again answers the same intent: one purchase, one charge.
    expect((await purchaseIntent(purchase._id)).json<{ clientSecret: string }>().clientSecret).toBe(
      secret,
    );

    expect((await confirmSandbox(t, secret)).statusCode).toBe(200);
    const paid = await pay(purchase._id, intentId);
    expect(paid.statusCode, paid.body).toBe(200);
    const answer = paid.json<Purchase>();
    expect(answer.status).toBe('paid');
    expect(answer.unpaidTotal).toBe(0);
    expect(answer.paidAt).not.toBeNull();
    expect(answer.invoiceNumber).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{5}$`));
    for (const order of answer.orders) {
      expect(order).toMatchObject({ paid: true, transactionId: intentId, status: 'Pending' });
      expect(order.paidAt).not.toBeNull();
    }
    // Recording it again answers the purchase as it is; the invoice number stays.
    const again = await pay(purchase._id, intentId);
    expect(again.statusCode).toBe(200);
    expect(again.json<Purchase>().invoiceNumber).toBe(answer.invoiceNumber);
    const receipts = await t.db
      .select()
      .from(emailJobs)
      .where(eq(emailJobs.kind, 'payment-receipt'));
    expect(receipts.filter((j) => j.payload.purchaseId === purchase._id)).toHaveLength(1);
    expect((await purchaseIntent(purchase._id)).statusCode).toBe(409);
  });

  it("Stripe's webhook pays the purchase's lines as the browser's call does", async () => {
    const purchase = await twoLines();
    const secret = (await purchaseIntent(purchase._id)).json<{ clientSecret: string }>()
      .clientSecret;
    const intentId = intentIdOf(secret);
    await confirmSandbox(t, secret);
    const { payload, signature } = signedIntentEvent({
      id: intentId,
      amount: 160 * 100,
      orderId: null,
      purchaseId: purchase._id,
    });
    const hook = await postWebhook(t, payload, signature);
    expect(hook.statusCode, hook.body).toBe(200);
    const after = await read(purchase._id);
    expect(after.status).toBe('paid');
    expect(after.invoiceNumber).not.toBeNull();
  });

  it('only the owner starts or records the payment; a payment of another purchase is refused', async () => {
    const mine = await twoLines();
    const theirs = await twoLines(bob);
    expect((await purchaseIntent(mine._id, bob)).statusCode).toBe(403);
    expect((await purchaseIntent(mine._id, boss)).statusCode).toBe(403);
    expect((await purchaseIntent(mine._id, null)).statusCode).toBe(401);
    const secret = (await purchaseIntent(theirs._id, bob)).json<{ clientSecret: string }>()
      .clientSecret;
    await confirmSandbox(t, secret);
    const wrong = await pay(mine._id, intentIdOf(secret));
    expect(wrong.statusCode).toBe(400);
    expect((await read(mine._id)).status).toBe('unpaid');
    expect((await pay(mine._id, 'pi_doesnotexist')).statusCode).toBe(400);
  });

  it('a line paid alone leaves the rest to pay; cancelling the last unpaid line completes the purchase', async () => {
    const purchase = await twoLines();
    const [first, second] = purchase.orders;
    // The purchase's intent is replaced when one line is paid on its own.
    const whole = intentIdOf(
      (await purchaseIntent(purchase._id)).json<{ clientSecret: string }>().clientSecret,
    );
    const single = await payAtGateway(t, alice, first!._id);
    expect((await intentRow(t, whole))?.status).toBe('canceled');
    const recorded = await injectUnchecked(
      t,
      api.orders.recordPayment,
      { params: { id: first!._id }, body: { _id: first!._id, transactionId: single } },
      alice,
    );
    expect(recorded.statusCode, recorded.body).toBe(200);
    let now = await read(purchase._id);
    expect(now).toMatchObject({ status: 'unpaid', unpaidTotal: 60, invoiceNumber: null });

    // What is left is one line of $60: a new intent for exactly that.
    const rest = intentIdOf(
      (await purchaseIntent(purchase._id)).json<{ clientSecret: string }>().clientSecret,
    );
    expect((await intentRow(t, rest))?.amount).toBe(6000);
    const cancel = await inject(t, api.orders.cancel, { params: { id: second!._id } }, alice);
    expect(cancel.statusCode).toBe(200);
    expect((await intentRow(t, rest))?.status).toBe('canceled');
    now = await read(purchase._id);
    expect(now.status).toBe('paid');
    expect(now.invoiceNumber).not.toBeNull();
    expect(await availableOf(t, second!.productId!)).toBe(100);
  });

  it("a purchase's payment that succeeded before a line was cancelled keeps the line: it is paid", async () => {
    const purchase = await twoLines();
    const secret = (await purchaseIntent(purchase._id)).json<{ clientSecret: string }>()
      .clientSecret;
    await confirmSandbox(t, secret);
    const cancel = await injectUnchecked(
      t,
      api.orders.cancel,
      { params: { id: purchase.orders[1]!._id } },
      alice,
    );
    expect(cancel.statusCode).toBe(409);
    const row = await orderRow(t, purchase.orders[1]!._id);
    expect(row?.paid).toBe(true);
    expect((await read(purchase._id)).status).toBe('paid');
  });

  it('GET /purchase/{id}/invoice.pdf: 409 while unpaid, a PDF for the owner and an admin once paid', async () => {
    const purchase = await twoLines();
    const invoice = (who?: Shopper) =>
      injectUnchecked(t, api.purchases.invoice, { params: { id: purchase._id } }, who);
    expect((await invoice(alice)).statusCode).toBe(409);
    const secret = (await purchaseIntent(purchase._id)).json<{ clientSecret: string }>()
      .clientSecret;
    await confirmSandbox(t, secret);
    await pay(purchase._id, intentIdOf(secret));
    const pdf = await invoice(alice);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { invoiceNumber } = await read(purchase._id);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoiceNumber}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await invoice(boss)).statusCode).toBe(200);
    expect((await invoice(bob)).statusCode).toBe(403);
    expect((await invoice()).statusCode).toBe(401);
  });

  it('invoice numbers are gapless per year, even when many purchases are paid at once', async () => {
    const bought = await Promise.all(Array.from({ length: 12 }, () => twoLines()));
    const secrets = await Promise.all(
      bought.map(
        async (p) => (await purchaseIntent(p._id)).json<{ clientSecret: string }>().clientSecret,
      ),
    );
    await Promise.all(secrets.map((secret) => confirmSandbox(t, secret)));
    const answers = await Promise.all(bought.map((p, i) => pay(p._id, intentIdOf(secrets[i]!))));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));

    const year = new Date().getUTCFullYear();
    const numbers = (await t.db.select({ n: purchases.invoiceNumber }).from(purchases))
      .map((row) => row.n)
      .filter((n): n is string => n !== null && n.startsWith(`INV-${year}-`))
      .map((n) => Number(n.slice(-5)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    const [counter] = await t.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.year, year));
    expect(counter?.last).toBe(numbers.length);
  });

  it('nothing to pay: 409 with a message once every line is paid', async () => {
    const purchase = await twoLines();
    const secret = (await purchaseIntent(purchase._id)).json<{ clientSecret: string }>()
      .clientSecret;
    await confirmSandbox(t, secret);
    await pay(purchase._id, intentIdOf(secret));
    const again = await purchaseIntent(purchase._id);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(
      new RegExp(`${purchaseMessages.nothingToPay}|already paid`),
    );
  });
});
