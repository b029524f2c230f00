import { api, INVITATIONS_PAGE, type Company, type Purchase } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember } from '../../test-support/companies.js';
import { inject } from '../../test-support/inject.js';
import { newUser } from '../../test-support/identity.js';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/mail.js';
import { addProduct, orderTestEnv, shopper, type Shopper } from '../../test-support/shop.js';

const contact = { number: '555-123-4567', address: '12 Harbour Road, Springfield' };

/**
 * The company emails (issue 15) as a real SMTP server receives them: the invitation, "approval
 * needed" to the approvers, "approved" and "not approved" to the buyer.
 */
describe.each(testDatabases())('company emails on %s', (kind) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let owner: Shopper;
  let buyer: Shopper;
  let approver: Shopper;
  let company: Company;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, { env: orderTestEnv({ SMTP_URL: smtp.url }) });
    [owner, buyer, approver] = await Promise.all([
      shopper(t, { name: 'Olive Owner' }, { verified: true }),
      shopper(t, { name: 'Bea Buyer' }, { verified: true }),
      shopper(t, { name: 'Abe Approver' }, { verified: true }),
    ]);
    const created = await inject(
      t,
      api.companies.create,
      { body: { name: 'Acme Components Ltd' } },
      owner,
    );
    expect(created.statusCode, created.body).toBe(201);
    company = created.json();
    for (const [who, role, spendingLimit] of [
      [buyer, 'buyer', 100],
      [approver, 'approver', null],
    ] as const) {
      await addMember(t, owner, company._id, who, { role, spendingLimit });
    }
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** The next email to `to` whose subject holds `text` (others, e.g. verification, are skipped). */
  async function nextTo(to: string, text: string) {
    for (;;) {
      const message = await smtp.nextMessage();
      const address = Array.isArray(message.to) ? message.to[0]?.text : message.to?.text;
      if (address?.includes(to) && message.subject?.includes(text)) return message;
    }
  }
  const checkoutAbove = async () => {
    const product = await addProduct(t, { name: 'Rack Rail Kit', price: 60, available: 50 });
    const placed = await inject(
      t,
      api.purchases.checkout,
      { body: { lines: [{ productId: product._id, quantity: 2 }], ...contact } },
      buyer,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().status).toBe('awaiting_approval');
    return placed.json() as Purchase;
  };

  it('invites a new address to sign up and answer on the invitations page, naming the company, the role and the limit', async () => {
    const invitee = newUser().email;
    const added = await inject(
      t,
      api.companies.putMember,
      { params: { id: company._id, email: invitee }, body: { role: 'buyer', spendingLimit: 2500 } },
      owner,
    );
    expect(added.statusCode, added.body).toBe(200);
    const mail = await nextTo(invitee, 'You are invited to join Acme Components Ltd');
    expect(mail.text).toContain('OLIVE OWNER invited you to join Acme Components Ltd');
    expect(mail.text).toContain('$2,500 a calendar month');
    expect(mail.text).toContain('Sign up with this address');
    expect(mail.text).toContain(INVITATIONS_PAGE);
  });

  it('asks the approvers to approve, then tells the buyer it was approved', async () => {
    const purchase = await checkoutAbove();
    const ask = await nextTo(approver.email, `Approval needed: ${purchase.number}`);
    expect(ask.text).toContain('Rack Rail Kit');
    expect(ask.text).toContain('/dashboard/approvals');
    const approved = await inject(
      t,
      api.companies.approve,
      { params: { id: purchase._id } },
      approver,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const told = await nextTo(buyer.email, `Order ${purchase.number} approved`);
    expect(told.text).toContain('ABE APPROVER approved your order');
    // The purchase's money in full: no shipping method is set up and no tax is due here.
    expect(told.text).toContain('Subtotal: $120\nShipping: $0\nTotal: $120 (USD)');
    expect(told.text).toContain(`/dashboard/purchases/${purchase._id}`);
  });

  it('tells the buyer when a purchase is not approved', async () => {
    const purchase = await checkoutAbove();
    const rejected = await inject(t, api.companies.reject, { params: { id: purchase._id } }, owner);
    expect(rejected.statusCode, rejected.body).toBe(200);
    const told = await nextTo(buyer.email, `Order ${purchase.number} was not approved`);
    expect(told.text).toContain('OLIVE OWNER did not approve your order');
    expect(told.text).toContain('$120');
  });

  it('tells the buyer their purchase went for approval, then why it was not approved (issue 28)', async () => {
    const purchase = await checkoutAbove();
    const submitted = await nextTo(
      buyer.email,
      `Order ${purchase.number} needs approval by your company`,
    );
    expect(submitted.text).toContain('above your monthly limit');
    expect(submitted.text).toContain('Rack Rail Kit');
    expect(submitted.text).toContain('$120');
    expect(submitted.text).toContain(`/dashboard/purchases/${purchase._id}`);
    const rejected = await inject(
      t,
      api.companies.reject,
      { params: { id: purchase._id }, body: { reason: 'Wait for the Q3 budget, please.' } },
      approver,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const told = await nextTo(buyer.email, `Order ${purchase.number} was not approved`);
    expect(told.text).toContain('Reason: Wait for the Q3 budget, please.');
  });
});
