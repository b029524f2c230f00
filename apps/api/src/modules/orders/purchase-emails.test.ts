import { api, type Purchase, type ShippingMethodInputBody } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailJobs, jobs } from '../../db/schema.js';
import { sendDueEmails } from '../../mail/worker.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { answered, inject, injectUnchecked } from '../../test-support/inject.js';
import { nextEmailAbout, startSmtpServer, type TestSmtpServer } from '../../test-support/mail.js';
import { extractPdfText } from '../../test-support/pdf-text.js';
import { checkout, payPurchase } from '../../test-support/purchases.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

/**
 * The customer's emails (order placed, payment receipt with the invoice, shipped), read from a
 * real SMTP server, and what happens when the mail server is down: the order stands, the email
 * waits and goes out on a later attempt.
 */
describe.each(testDatabases())('purchase emails on %s', (kind) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let alice: Shopper;
  let boss: Shopper;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, {
      env: orderTestEnv({
        SMTP_URL: smtp.url,
        SELLER_NAME: 'PartsWorks Manufacturing Inc.',
        SELLER_TAX_ID: 'US 74-1234567',
        TAX_NEXUS_STATES: 'CA',
      }),
    });
    [alice, boss] = await Promise.all([shopper(t, { name: 'ALICE BUYER' }), adminShopper(t)]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const send = (now?: Date) => sendDueEmails(t.app.mailWork, now);
  const nextAbout = (text: string) => nextEmailAbout(smtp, text);
  /** The purchase's order-placed job, once the server's mail worker has tried it `attempts` times. */
  async function placedJobAfter(purchaseId: string, attempts: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [job] = await t.db
        .select()
        .from(emailJobs)
        .where(eq(emailJobs.payload, { purchaseId }));
      if (job && job.attempts >= attempts) return job;
      if (Date.now() > deadline) throw new Error(`The job was tried ${job?.attempts} times.`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async function buy(): Promise<Purchase> {
    const product = await addProduct(t, { name: 'NVMe SSD 2TB', price: 139, available: 500 });
    return checkout(t, alice, [{ productId: product._id, quantity: 200 }], {
      poNumber: 'PO-88120',
      company: 'Acme Components Ltd',
    });
  }

  it('order placed, payment receipt with the invoice PDF, shipped with carrier and tracking', async () => {
    // The server's mail worker sends each email as soon as its change is stored.
    const purchase = await buy();
    const placed = await nextAbout(purchase.number);
    expect(JSON.stringify(placed.to)).toContain(alice.email);
    expect(placed.subject).toContain(purchase.number);
    expect(placed.text).toContain('NVMe SSD 2TB');
    expect(placed.text).toContain('$27,800');
    expect(placed.text).toContain(`/dashboard/purchases/${purchase._id}`);
    expect(placed.html).toContain(`/dashboard/purchases/${purchase._id}`);

    const { invoiceNumber } = await payPurchase(t, alice, purchase._id);
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);
    const receipt = await nextAbout(invoiceNumber!);
    expect(receipt.subject).toContain(invoiceNumber);
    const [attachment] = receipt.attachments;
    expect(attachment?.filename).toBe(`${invoiceNumber}.pdf`);
    expect(attachment?.contentType).toBe('application/pdf');
    const { text } = await extractPdfText(attachment!.content);
    for (const expected of [
      invoiceNumber!,
      'PartsWorks Manufacturing Inc.',
      'US 74-1234567',
      'Acme Components Ltd',
      'PO-88120',
      'NVMe SSD 2TB',
      '$27,800',
    ]) {
      expect(text).toContain(expected);
    }

    const [line] = purchase.orders;
    const shipped = await inject(
      t,
      api.orders.ship,
      { params: { id: line!._id }, body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } },
      boss,
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const gone = await nextAbout(`${purchase.number} has shipped`);
    expect(gone.subject).toContain(purchase.number);
    expect(gone.text).toContain('UPS');
    expect(gone.text).toContain('1Z999AA10123456784');
  });

  it('order placed and receipt show subtotal, shipping by its method, the tax line and the total', async () => {
    const ground: ShippingMethodInputBody = {
      name: 'UPS Ground',
      carrier: 'UPS',
      countries: ['US'],
      flatPrice: 12.5,
      daysMin: 1,
      daysMax: 5,
      sortOrder: 1,
    };
    await answered(injectUnchecked(t, api.shipping.replace, { body: { methods: [ground] } }, boss));
    await answered(
      injectUnchecked(
        t,
        api.tax.replaceRates,
        { body: { rates: [{ region: 'CA', rate: 0.0725 }] } },
        boss,
      ),
    );
    const product = await addProduct(t, { name: 'Rack server 2U', price: 100, available: 500 });
    const purchase = await checkout(t, alice, [{ productId: product._id, quantity: 10 }], {
      shipTo: {
        name: 'Alice Buyer',
        line1: '500 Howard Street',
        city: 'San Francisco',
        region: 'CA',
        postalCode: '94105',
        country: 'US',
      },
    });
    // 7.25 % of $1,012.50 is $73.40625: $73.41.
    const totals = [
      'Subtotal: $1,000',
      'Shipping (UPS Ground): $12.50',
      'Sales tax CA 7.25 %: $73.41',
      'Total: $1,085.91 (USD)',
    ].join('\n');
    const placed = await nextAbout(purchase.number);
    expect(placed.text).toContain(`- Rack server 2U: 10 pieces at $100 each, $1,000\n\n${totals}`);
    expect(placed.html).toContain('Sales tax CA 7.25 %');

    const { invoiceNumber } = await payPurchase(t, alice, purchase._id);
    const receipt = await nextAbout(invoiceNumber!);
    expect(receipt.text).toContain('We received your payment of $1,085.91');
    expect(receipt.text).toContain(totals);
    const { text } = await extractPdfText(receipt.attachments[0]!.content);
    expect(text).toContain('Shipping (UPS Ground) $12.50');
    expect(text).toContain('Sales tax CA 7.25 % on $1,012.50 $73.41');
    expect(text).toContain('Total $1,085.91');
    await answered(injectUnchecked(t, api.shipping.replace, { body: { methods: [] } }, boss));
  });

  it('a mail server that is down neither fails nor loses the order: the email is retried later', async () => {
    const port = Number(new URL(smtp.url).port);
    await smtp.close();
    let restarted = false;
    try {
      const purchase = await buy();
      expect(purchase.status).toBe('unpaid');
      // The worker tries at once, fails, and leaves the job for later.
      const job = await placedJobAfter(purchase._id, 1);
      expect(job).toMatchObject({ sentAt: null, attempts: 1 });
      expect(job?.lastError).toBeTruthy();
      // Its job waits for a later attempt.
      const [waiting] = await t.db.select().from(jobs).where(eq(jobs.ref, job.id));
      expect(waiting).toMatchObject({ queue: 'email', state: 'pending', attempts: 1 });
      expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now());
      // Not due yet: a second round right away tries nothing.
      expect(await send()).toMatchObject({ done: 0, failed: 0 });

      smtp = await startSmtpServer(port);
      restarted = true;
      const later = new Date(Date.now() + 10 * 60 * 1000);
      expect(await send(later)).toMatchObject({ failed: 0 });
      const [after] = await t.db.select().from(emailJobs).where(eq(emailJobs.id, job.id));
      expect(after?.sentAt).not.toBeNull();
      expect(after?.attempts).toBe(2);
      const arrived = await nextAbout(purchase.number);
      expect(arrived.subject).toContain(purchase.number);
    } finally {
      // The next describe's afterAll closes it: it must be open again whatever happened.
      if (!restarted) smtp = await startSmtpServer(port);
    }
  });
});
