import {
  api,
  webhookMessages,
  type ApiErrorBody,
  type AuditPage,
  type Purchase,
  type WebhookCreated,
  type WebhookDeliveryList,
} from '@shop/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, webhookDeliveries } from '../../db/schema.js';
import { deliverDueWebhooks } from '../../modules/webhooks/deliver.js';
import { verifyWebhookSignature } from '../../modules/webhooks/signature.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { addMember, companyTeam } from '../../test-support/companies.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { checkout } from '../../test-support/purchases.js';
import { receiver } from '../../test-support/webhooks.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

const { webhooks, companies } = api;

/**
 * Webhooks (issue 32 item 2, docs/decisions/054): subscribed by a company's owner or an admin,
 * refused for private addresses, written with the change that makes the event, sent signed,
 * retried with backoff until the receiver answers (for 24 hours), in order per purchase, with a
 * delivery log and "send again".
 */
describe.each(testDatabases())('webhooks on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  const receivers: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    // The receivers of these tests listen on 127.0.0.1; the tests send the deliveries themselves,
    // at the times they choose (the worker's own test starts an app with it).
    t = await buildTestApp(kind, {
      env: orderTestEnv({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_WORKER: 'false' }),
    });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    for (const open of receivers) await open.close();
    await t?.close();
  });

  const deliver = (at = new Date()) =>
    deliverDueWebhooks({ db: t.db, log: t.app.log, allowPrivate: true }, at);
  const subscribe = (who: Shopper, url: string, events: string[]) =>
    answered<WebhookCreated>(
      injectUnchecked(t, webhooks.create, { body: { url, events } }, who),
      201,
    );
  const logOf = (who: Shopper, id: string) =>
    answered<WebhookDeliveryList>(injectUnchecked(t, webhooks.deliveries, { params: { id } }, who));
  const listening = async (statuses: number[] = []) => {
    const open = await receiver(statuses);
    receivers.push(open);
    return open;
  };

  it('a purchase placed reaches the owner’s receiver, signed, and the log shows it delivered', async () => {
    const { owner, buyer, company } = await companyTeam(t, {
      spendingLimit: null,
      name: 'Hooked Systems Ltd',
    });
    const target = await listening();
    const hook = await subscribe(owner, target.url, ['purchase.created']);
    expect(hook).toMatchObject({ url: target.url, companyId: company._id, createdBy: owner.email });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // Subscribing calls nobody.
    expect(target.got).toEqual([]);

    const product = await addProduct(t, { price: 40, available: 100 });
    const purchase = await checkout(t, buyer, [{ productId: product._id, quantity: 3 }]);
    expect(await deliver()).toEqual({ done: 1, failed: 0 });

    const [request] = target.got;
    const signature = String(request!.headers['webhook-signature']);
    expect(verifyWebhookSignature(signature, request!.body, hook.secret)).toBe(true);
    expect(verifyWebhookSignature(signature, `${request!.body} `, hook.secret)).toBe(false);
    expect(verifyWebhookSignature(signature, request!.body, 'whsec_another')).toBe(false);
    const [event] = target.events();
    expect(event).toMatchObject({ type: 'purchase.created', data: { _id: purchase._id } });
    expect((event!.data as unknown as Purchase).total).toBe(purchase.total);
    expect(request!.headers['webhook-id']).toBe(event!.id);
    expect(request!.headers['content-type']).toBe('application/json');

    const log = await logOf(owner, hook._id);
    expect(log.items).toEqual([
      expect.objectContaining({
        eventId: event!.id,
        type: 'purchase.created',
        status: 'delivered',
        responseStatus: 200,
        attempts: 1,
        nextAttemptAt: null,
      }),
    ]);
    // Nothing left to send.
    expect(await deliver()).toEqual({ done: 0, failed: 0 });
    const audit = await answered<AuditPage>(injectUnchecked(t, api.audit.list, {}, admin));
    expect(audit.items.find((entry) => entry.targetId === hook._id)).toMatchObject({
      action: 'webhook.create',
      actorEmail: owner.email,
    });
    expect(JSON.stringify(audit)).not.toContain(hook.secret);
  });

  it('a receiver that fails is tried again later, each time later, until it answers', async () => {
    const { owner, buyer } = await companyTeam(t, { spendingLimit: null, name: 'Flaky ERP Ltd' });
    const target = await listening([500, 503]);
    const hook = await subscribe(owner, target.url, ['purchase.created']);
    const product = await addProduct(t, { price: 40, available: 100 });
    await checkout(t, buyer, [{ productId: product._id, quantity: 1 }]);
    const start = Date.now();
    expect(await deliver(new Date(start))).toEqual({ done: 0, failed: 1 });
    // Not again before its time (30 s).
    expect(await deliver(new Date(start + 10_000))).toEqual({ done: 0, failed: 0 });
    expect(await deliver(new Date(start + 31_000))).toEqual({ done: 0, failed: 1 });
    // The second wait is a minute.
    expect(await deliver(new Date(start + 61_000))).toEqual({ done: 0, failed: 0 });
    expect(await deliver(new Date(start + 92_000))).toEqual({ done: 1, failed: 0 });
    expect(target.got).toHaveLength(3);
    // The same event, the same bytes, each time.
    expect(new Set(target.got.map((request) => request.body)).size).toBe(1);
    const [entry] = (await logOf(owner, hook._id)).items;
    expect(entry).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200 });
  });

  it('given up after 24 hours, and sent again when asked', async () => {
    const { owner, buyer } = await companyTeam(t, { spendingLimit: null, name: 'Down Again Ltd' });
    const target = await listening([500]);
    const hook = await subscribe(owner, target.url, ['purchase.created']);
    const product = await addProduct(t, { price: 40, available: 100 });
    await checkout(t, buyer, [{ productId: product._id, quantity: 1 }]);
    // The event is a day old: this failure is its last.
    await t.db
      .update(jobs)
      .set({ triesFrom: sql`now() - interval '24 hours'` })
      .where(
        inArray(
          jobs.ref,
          t.db
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.subscriptionId, hook._id)),
        ),
      );
    expect(await deliver()).toEqual({ done: 0, failed: 1 });
    const [failed] = (await logOf(owner, hook._id)).items;
    expect(failed).toMatchObject({ status: 'failed', responseStatus: 500, attempts: 1 });
    expect(failed!.lastError).toBe('answered 500');
    expect(await deliver(new Date(Date.now() + 3_600_000))).toEqual({ done: 0, failed: 0 });

    const again = await answered(
      injectUnchecked(
        t,
        webhooks.resend,
        { params: { id: hook._id, deliveryId: failed!._id } },
        owner,
      ),
    );
    expect(again).toMatchObject({ status: 'pending' });
    expect(await deliver()).toEqual({ done: 1, failed: 0 });
    expect((await logOf(owner, hook._id)).items[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
    });
  });

  it('one purchase’s events arrive in order: approved waits while created is being retried', async () => {
    const { owner, buyer, company } = await companyTeam(t, {
      spendingLimit: 50,
      name: 'Ordered Events Ltd',
    });
    const approver = await shopper(t);
    await addMember(t, owner, company._id, approver, { role: 'approver', spendingLimit: null });
    const target = await listening([500]);
    await subscribe(owner, target.url, ['purchase.created', 'purchase.approved']);
    const product = await addProduct(t, { price: 40, available: 100 });
    const waiting = await checkout(t, buyer, [{ productId: product._id, quantity: 5 }]);
    expect(waiting.status).toBe('awaiting_approval');
    await answered(
      injectUnchecked(t, companies.approve, { params: { id: waiting._id } }, approver),
    );
    const start = Date.now();
    // created fails; approved may not overtake it.
    expect(await deliver(new Date(start))).toEqual({ done: 0, failed: 1 });
    expect(target.events().map((event) => event.type)).toEqual(['purchase.created']);
    expect(await deliver(new Date(start + 31_000))).toEqual({ done: 2, failed: 0 });
    expect(target.events().map((event) => event.type)).toEqual([
      'purchase.created',
      'purchase.created',
      'purchase.approved',
    ]);
    expect((target.events()[2]!.data as unknown as Purchase).status).toBe('unpaid');
  });

  it("an admin's subscription gets every company's events; an owner's only its own", async () => {
    const first = await companyTeam(t, { spendingLimit: null, name: 'First Co' });
    const second = await companyTeam(t, { spendingLimit: null, name: 'Second Co' });
    const [shop, mine] = [await listening(), await listening()];
    const shopHook = await subscribe(admin, shop.url, ['purchase.created']);
    expect(shopHook.companyId).toBeNull();
    await subscribe(first.owner, mine.url, ['purchase.created']);
    const product = await addProduct(t, { price: 40, available: 100 });
    const bought = [
      await checkout(t, first.buyer, [{ productId: product._id, quantity: 1 }]),
      await checkout(t, second.buyer, [{ productId: product._id, quantity: 1 }]),
    ];
    await deliver();
    const ids = (open: typeof shop) => open.events().map((event) => event.data._id);
    expect(ids(shop)).toEqual(expect.arrayContaining(bought.map((purchase) => purchase._id)));
    expect(ids(mine)).toEqual([bought[0]!._id]);
    // Removed, it gets nothing more; its log stays readable.
    await answered(injectUnchecked(t, webhooks.remove, { params: { id: shopHook._id } }, admin));
    await checkout(t, first.buyer, [{ productId: product._id, quantity: 1 }]);
    await deliver();
    expect(ids(shop)).toHaveLength(2);
    expect(ids(mine)).toHaveLength(2);
    expect((await logOf(admin, shopHook._id)).items).toHaveLength(2);
  });

  it('an offer tells the company’s receiver of the quote', async () => {
    const { owner, buyer } = await companyTeam(t, { spendingLimit: null, name: 'Quoted Hooks' });
    const target = await listening();
    await subscribe(owner, target.url, ['quote.offered']);
    const product = await addProduct(t, { price: 40, available: 100 });
    const quote = await answered<{ _id: string; number: string }>(
      injectUnchecked(
        t,
        api.quotes.create,
        { body: { lines: [{ productId: product._id, quantity: 10 }] } },
        buyer,
      ),
      201,
    );
    await answered(
      injectUnchecked(
        t,
        api.quotes.offer,
        {
          params: { id: quote._id },
          body: {
            lines: [{ productId: product._id, quantity: 10, unitPrice: 35 }],
            expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          },
        },
        admin,
      ),
    );
    await deliver();
    expect(target.events()).toEqual([
      expect.objectContaining({
        type: 'quote.offered',
        data: expect.objectContaining({ quoteId: quote._id, number: quote.number, subtotal: 350 }),
      }),
    ]);
  });

  it('the worker sends a delivery by itself as soon as the change commits', async () => {
    const live = await buildTestApp(kind, {
      env: orderTestEnv({ WEBHOOK_ALLOW_PRIVATE: 'true' }),
    });
    try {
      const { owner, buyer } = await companyTeam(live, {
        spendingLimit: null,
        name: 'Live Hooks Ltd',
      });
      const target = await listening();
      await answered(
        injectUnchecked(
          live,
          webhooks.create,
          { body: { url: target.url, events: ['purchase.created'] } },
          owner,
        ),
        201,
      );
      const product = await addProduct(live, { price: 40, available: 100 });
      const purchase = await checkout(live, buyer, [{ productId: product._id, quantity: 1 }]);
      await expect
        .poll(() => target.events().map((event) => event.data._id))
        .toEqual([purchase._id]);
    } finally {
      await live.close();
    }
  });

  it('who manages which: a buyer none, another owner not this one', async () => {
    const { owner, buyer } = await companyTeam(t, { spendingLimit: null, name: 'Private Hooks' });
    const target = await listening();
    const hook = await subscribe(owner, target.url, ['purchase.created']);
    const other = await companyTeam(t, { spendingLimit: null, name: 'Nosy Ltd' });
    const made = await injectUnchecked(
      t,
      webhooks.create,
      { body: { url: target.url, events: ['purchase.created'] } },
      buyer,
    );
    expect(made.statusCode).toBe(403);
    expect(made.json<ApiErrorBody>().message).toBe(webhookMessages.notOwner);
    for (const [contract, input] of [
      [webhooks.deliveries, { params: { id: hook._id } }],
      [webhooks.remove, { params: { id: hook._id } }],
    ] as const) {
      expect((await injectUnchecked(t, contract, input, other.owner)).statusCode).toBe(403);
    }
    const listed = await answered<{ items: { _id: string }[] }>(
      injectUnchecked(t, webhooks.list, {}, other.owner),
    );
    expect(listed.items.map((item) => item._id)).not.toContain(hook._id);
  });
});

describe.each(testDatabases())('webhook addresses on %s', (kind) => {
  let t: TestApp;
  let owner: Shopper;
  beforeAll(async () => {
    // WEBHOOK_ALLOW_PRIVATE is off, as in every shop that does not set it.
    t = await buildTestApp(kind, { env: orderTestEnv() });
    ({ owner } = await companyTeam(t, { spendingLimit: null, name: 'SSRF Probe Ltd' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.1.2.3/hook',
    'http://172.20.0.5/hook',
    'http://192.168.1.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://[fd00::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://0.0.0.0/hook',
  ])('refuses %s (SSRF)', async (url) => {
    const refused = await injectUnchecked(
      t,
      webhooks.create,
      { body: { url, events: ['purchase.created'] } },
      owner,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiErrorBody>().message).toBe(webhookMessages.privateUrl);
  });

  it.each(['ftp://example.com/hook', 'not a url', 'http://user:pass@example.com/hook'])(
    'refuses %s as no web address',
    async (url) => {
      const refused = await injectUnchecked(
        t,
        webhooks.create,
        { body: { url, events: ['purchase.created'] } },
        owner,
      );
      expect(refused.statusCode).toBe(400);
    },
  );
});
