import { auditPageSchema, type AuditEntry } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../../test-support/accounts.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import {
  addProduct,
  clientSecretFor,
  confirmSandbox,
  intentIdOf,
  orderTestEnv,
  placeOrder,
  recordPayment,
  type Shopper,
} from '../../test-support/shop.js';
import { markEmailVerified } from '../users/service.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDatabases())('audit log on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let customer: SignedIn;
  let buyer: Shopper;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv(MANY_SIGN_UPS) });
    admin = await signedIn(t, { admin: true, name: 'Ada Auditor' });
    customer = await signedIn(t, { name: 'Cora Customer' });
    buyer = { ...customer.user, token: customer.token, headers: customer.headers };
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: Method, url: string, who: SignedIn | null, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const asAdmin = async (method: Method, url: string, payload?: object) => {
    const response = await call(method, url, admin, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response;
  };
  const auditPage = async (query = '') => {
    const response = await call('GET', `/api/admin/audit${query}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return auditPageSchema.strict().parse(response.json());
  };
  const newest = async (): Promise<AuditEntry | undefined> =>
    (await auditPage('?limit=1')).items[0];
  const total = async () => (await auditPage('?limit=1')).total;
  const paidOrder = async (productId: string) => {
    const order = await placeOrder(t, buyer, productId);
    const secret = await clientSecretFor(t, buyer, order._id);
    expect((await confirmSandbox(t, secret)).statusCode).toBe(200);
    expect((await recordPayment(t, buyer, order._id, intentIdOf(secret))).statusCode).toBe(200);
    return order;
  };
  const actor = () => ({ actorEmail: admin.user.email });
  /** Make Admin takes only a verified address. */
  const verifiedCustomer = async (name: string) => {
    const person = await signedIn(t, { name });
    await markEmailVerified(t.db, person.user.email);
    return person;
  };

  describe('every admin action writes one row: who, what, which target', () => {
    it('promote (PUT /user/admin/{email}); promoting an admin again records nothing', async () => {
      const promoted = await verifiedCustomer('Pia Promoted');
      const response = await asAdmin('PUT', `/api/user/admin/${promoted.user.email}`, {});
      expect(await newest()).toMatchObject({
        ...actor(),
        action: 'user.promote',
        targetType: 'user',
        targetId: response.json().user._id,
        targetLabel: promoted.user.email,
      });
      const count = await total();
      await asAdmin('PUT', `/api/user/admin/${promoted.user.email}`, {});
      expect(await total()).toBe(count);
    });

    it('remove user (DELETE /user/{email})', async () => {
      const leaving = await signedIn(t, { name: 'Lee Leaving' });
      await asAdmin('DELETE', `/api/user/${leaving.user.email}`);
      expect(await newest()).toMatchObject({
        ...actor(),
        action: 'user.remove',
        targetType: 'user',
        targetId: expect.any(String),
        targetLabel: leaving.user.email,
        details: { wasAdmin: false },
      });
    });

    it('add, edit and delete a product (POST /item, PUT /item/{id}, DELETE /item/{id})', async () => {
      const body = {
        name: 'Audit Fan 120mm',
        img: '/images/products/fan.svg',
        description: 'A quiet case fan.',
        price: 9,
        minimum: 10,
        available: 500,
      };
      const created = await asAdmin('POST', '/api/item', body);
      const id: string = created.json().insertedId;
      expect(await newest()).toMatchObject({
        ...actor(),
        action: 'product.create',
        targetType: 'product',
        targetId: id,
        targetLabel: 'Audit Fan 120mm',
        details: { price: 9, minimum: 10, available: 500 },
      });

      await asAdmin('PUT', `/api/item/${id}`, { price: 8, available: 500 });
      expect(await newest()).toMatchObject({
        ...actor(),
        action: 'product.update',
        targetId: id,
        targetLabel: 'Audit Fan 120mm',
        // Only what changed: `available` was sent with its old value.
        details: { changes: { price: { from: 9, to: 8 } } },
      });
      const count = await total();
      await asAdmin('PUT', `/api/item/${id}`, { price: 8 });
      expect(await total(), 'an edit that changes nothing').toBe(count);

      await asAdmin('DELETE', `/api/item/${id}`);
      expect(await newest()).toMatchObject({
        ...actor(),
        action: 'product.delete',
        targetType: 'product',
        targetId: id,
        targetLabel: 'Audit Fan 120mm',
      });
    });

    it('delete an order (DELETE /delete/{id}) and ship one (PUT /shipping/{id})', async () => {
      const product = await addProduct(t, { name: 'Audit PSU 650W', available: 100 });
      const unpaid = await placeOrder(t, buyer, product._id, 3);
      await asAdmin('DELETE', `/api/delete/${unpaid._id}`);
      expect(await newest()).toMatchObject({
        ...actor(),
        action: 'order.delete',
        targetType: 'order',
        targetId: unpaid._id,
        targetLabel: `3 x Audit PSU 650W for ${customer.user.email}`,
        details: { quantity: 3, price: unpaid.price, productId: product._id },
      });

      const paid = await paidOrder(product._id);
      await asAdmin('PUT', `/api/shipping/${paid._id}`);
      expect(await newest()).toMatchObject({
        ...actor(),
        action: 'order.ship',
        targetType: 'order',
        targetId: paid._id,
        targetLabel: `1 x Audit PSU 650W for ${customer.user.email}`,
      });
      const count = await total();
      await asAdmin('PUT', `/api/shipping/${paid._id}`);
      expect(await total(), 'shipping a shipped order again').toBe(count);
    });

    it('records nothing for a refused action', async () => {
      const product = await addProduct(t, { available: 100 });
      const paid = await paidOrder(product._id);
      const unpaid = await placeOrder(t, buyer, product._id);
      const count = await total();
      const refusals: [Method, string, number][] = [
        ['DELETE', `/api/delete/${paid._id}`, 409],
        ['PUT', `/api/shipping/${unpaid._id}`, 409],
        ['DELETE', `/api/user/${admin.user.email}`, 409],
        ['PUT', `/api/user/admin/nobody${Date.now()}@example.com`, 404],
        ['DELETE', `/api/item/${crypto.randomUUID()}`, 404],
        ['PUT', `/api/item/${crypto.randomUUID()}`, 404],
      ];
      for (const [method, url, status] of refusals) {
        const response = await call(
          method,
          url,
          admin,
          method === 'PUT' ? { price: 1 } : undefined,
        );
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
      }
      expect(await total()).toBe(count);
    });
  });

  it('never does an action without its record: a failing audit write undoes the action', async () => {
    // A trigger that refuses audit rows stands in for any failure of the audit write.
    await t.db.execute(sql`
      create function refuse_audit() returns trigger language plpgsql as
        $$ begin raise exception 'audit refused'; end $$`);
    await t.db.execute(sql`
      create trigger refuse_audit before insert on audit_log
        for each row execute function refuse_audit()`);
    try {
      const product = await addProduct(t, { name: 'Audit Never Gone', available: 100 });
      const order = await placeOrder(t, buyer, product._id);
      const promoted = await verifiedCustomer('Never Promoted');
      for (const [method, url] of [
        ['DELETE', `/api/item/${product._id}`],
        ['DELETE', `/api/delete/${order._id}`],
        ['PUT', `/api/user/admin/${promoted.user.email}`],
      ] as const) {
        const response = await call(method, url, admin, method === 'PUT' ? {} : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(500);
      }
      expect((await call('GET', `/api/item/${product._id}`, null)).statusCode).toBe(200);
      expect((await call('GET', `/api/order/${order._id}`, customer)).statusCode).toBe(200);
      const [stored] = await t.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.email, promoted.user.email));
      expect(stored?.role).toBe(false);
    } finally {
      await t.db.execute(sql`drop trigger refuse_audit on audit_log`);
      await t.db.execute(sql`drop function refuse_audit()`);
    }
  });
});
