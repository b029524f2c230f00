import { api, apiPath, auditPageSchema, type AuditEntry, type EndpointSpec } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../test-support/accounts.js';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import { injectUnchecked, type UncheckedInput } from '../test-support/inject.js';
import {
  addProduct,
  clientSecretFor,
  confirmSandbox,
  intentIdOf,
  orderTestEnv,
  placeOrder,
  recordPayment,
  type Shopper,
} from '../test-support/shop.js';
import { markEmailVerified } from '../modules/users/service.js';

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

  /** One call of a list of admin actions; the input is sent as it is. */
  const call = <E extends EndpointSpec>(
    contract: E,
    input: UncheckedInput,
    who: SignedIn | null = admin,
  ) => injectUnchecked(t, contract, input, who ?? {});
  const named = (contract: EndpointSpec, input: UncheckedInput) =>
    `${contract.method} ${apiPath(contract, input)}`;
  const asAdmin = async <E extends EndpointSpec>(contract: E, input: UncheckedInput = {}) => {
    const response = await call(contract, input);
    expect(response.statusCode, `${named(contract, input)}: ${response.body}`).toBeLessThan(300);
    return response;
  };
  const auditPage = async (query: { limit?: string } = {}) => {
    const response = await call(api.audit.list, { query });
    expect(response.statusCode, response.body).toBe(200);
    return auditPageSchema.strict().parse(response.json());
  };
  const newest = async (): Promise<AuditEntry | undefined> =>
    (await auditPage({ limit: '1' })).items[0];
  const total = async () => (await auditPage({ limit: '1' })).total;
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
      const promote = { params: { email: promoted.user.email }, body: {} };
      const response = await asAdmin(api.users.promote, promote);
      expect(await newest()).toMatchObject({
        ...actor(),
        action: 'user.promote',
        targetType: 'user',
        targetId: response.json().user._id,
        targetLabel: promoted.user.email,
      });
      const count = await total();
      await asAdmin(api.users.promote, promote);
      expect(await total()).toBe(count);
    });

    it('remove user (DELETE /user/{email})', async () => {
      const leaving = await signedIn(t, { name: 'Lee Leaving' });
      await asAdmin(api.users.remove, { params: { email: leaving.user.email } });
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
      const created = await asAdmin(api.catalog.create, { body });
      const id = created.json().insertedId;
      expect(await newest()).toMatchObject({
        ...actor(),
        action: 'product.create',
        targetType: 'product',
        targetId: id,
        targetLabel: 'Audit Fan 120mm',
        details: { price: 9, minimum: 10, available: 500 },
      });

      await asAdmin(api.catalog.update, { params: { id }, body: { price: 8, available: 500 } });
      expect(await newest()).toMatchObject({
        ...actor(),
        action: 'product.update',
        targetId: id,
        targetLabel: 'Audit Fan 120mm',
        // Only what changed: `available` was sent with its old value.
        details: { changes: { price: { from: 9, to: 8 } } },
      });
      const count = await total();
      await asAdmin(api.catalog.update, { params: { id }, body: { price: 8 } });
      expect(await total(), 'an edit that changes nothing').toBe(count);

      await asAdmin(api.catalog.remove, { params: { id } });
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
      await asAdmin(api.orders.remove, { params: { id: unpaid._id } });
      expect(await newest()).toMatchObject({
        ...actor(),
        action: 'order.delete',
        targetType: 'order',
        targetId: unpaid._id,
        targetLabel: `3 x Audit PSU 650W for ${customer.user.email}`,
        details: { quantity: 3, price: unpaid.price, productId: product._id },
      });

      const paid = await paidOrder(product._id);
      await asAdmin(api.orders.ship, { params: { id: paid._id } });
      expect(await newest()).toMatchObject({
        ...actor(),
        action: 'order.ship',
        targetType: 'order',
        targetId: paid._id,
        targetLabel: `1 x Audit PSU 650W for ${customer.user.email}`,
      });
      const count = await total();
      await asAdmin(api.orders.ship, { params: { id: paid._id } });
      expect(await total(), 'shipping a shipped order again').toBe(count);
    });

    it('records nothing for a refused action', async () => {
      const product = await addProduct(t, { available: 100 });
      const paid = await paidOrder(product._id);
      const unpaid = await placeOrder(t, buyer, product._id);
      const count = await total();
      const refusals: [EndpointSpec, UncheckedInput, number][] = [
        [api.orders.remove, { params: { id: paid._id } }, 409],
        [api.orders.ship, { params: { id: unpaid._id } }, 409],
        [api.users.remove, { params: { email: admin.user.email } }, 409],
        [
          api.users.promote,
          { params: { email: `nobody${Date.now()}@example.com` }, body: {} },
          404,
        ],
        [api.catalog.remove, { params: { id: crypto.randomUUID() } }, 404],
        [api.catalog.update, { params: { id: crypto.randomUUID() }, body: { price: 1 } }, 404],
      ];
      for (const [contract, input, status] of refusals) {
        const response = await call(contract, input);
        expect(response.statusCode, `${named(contract, input)}: ${response.body}`).toBe(status);
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
      const actions: [EndpointSpec, UncheckedInput][] = [
        [api.catalog.remove, { params: { id: product._id } }],
        [api.orders.remove, { params: { id: order._id } }],
        [api.users.promote, { params: { email: promoted.user.email }, body: {} }],
      ];
      for (const [contract, input] of actions) {
        const response = await call(contract, input);
        expect(response.statusCode, named(contract, input)).toBe(500);
      }
      const stillThere = [
        await call(api.catalog.get, { params: { id: product._id } }, null),
        await call(api.orders.get, { params: { id: order._id } }, customer),
      ];
      expect(stillThere.map((response) => response.statusCode)).toEqual([200, 200]);
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
