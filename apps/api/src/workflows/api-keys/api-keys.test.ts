import {
  api,
  apiKeyMessages,
  type ApiErrorBody,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyList,
  type AuditPage,
  type Product,
  type Purchase,
} from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, companyMembers, users } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { companyTeam } from '../../test-support/companies.js';
import { answered, injectUnchecked, type Who } from '../../test-support/inject.js';
import { CONTACT } from '../../test-support/purchases.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';

const { apiKeys: keysApi, companies, purchases } = api;

/** A program calling with the key's secret. */
const program = (secret: string): Who => ({ headers: { authorization: `Bearer ${secret}` } });

/**
 * API keys (issue 32 item 1, docs/decisions/053): made by a company's owner for its purchasing
 * system or by an admin for the ERP, shown once, kept hashed; a key acts as its maker within its
 * scopes (403 outside them), is refused once revoked on every instance at once, notes its last
 * use, and every make and revoke is audited.
 */
describe.each(testDatabases())('API keys on %s', (kind) => {
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv() });
    admin = await adminShopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const make = (who: Who, body: object) => injectUnchecked(t, keysApi.create, { body }, who);
  const list = (who: Who, query: Record<string, unknown> = {}) =>
    answered<ApiKeyList>(injectUnchecked(t, keysApi.list, { query }, who));

  /** A company whose owner has a key with `scopes`, and a product it has a contract price for. */
  async function keyedCompany(name: string, scopes: string[]) {
    const team = await companyTeam(t, { spendingLimit: null, name });
    const product = await addProduct(t, { name: 'Ryzen 7 CPU', price: 139, available: 500 });
    await answered(
      injectUnchecked(
        t,
        companies.putPrice,
        { params: { id: team.company._id, productId: product._id }, body: { price: 129 } },
        admin,
      ),
    );
    const key = await answered<ApiKeyCreated>(
      make(team.owner, { name: 'Coupa purchasing', scopes }),
      201,
    );
    return { ...team, product, key };
  }

  it("an owner's key is shown once, kept hashed, listed without its secret and audited", async () => {
    const { owner, company, key } = await keyedCompany('Northwind Keys Ltd', [
      'catalog:read',
      'purchases:write',
    ]);
    expect(key.secret).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'Coupa purchasing',
      scopes: ['catalog:read', 'purchases:write'],
      companyId: company._id,
      createdBy: owner.email,
      lastUsedAt: null,
      revokedAt: null,
      prefix: key.secret.slice(0, 12),
    });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key._id));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.secret);

    const listed = await list(owner);
    expect(listed.items.map((k) => k._id)).toEqual([key._id]);
    expect(JSON.stringify(listed)).not.toContain(key.secret);
    // The admin sees every key; the audit log names the key by its prefix, never its secret.
    expect((await list(admin, { limit: '100' })).items.map((k) => k._id)).toContain(key._id);
    const audit = await answered<AuditPage>(injectUnchecked(t, api.audit.list, {}, admin));
    const made = audit.items.find((entry) => entry.targetId === key._id);
    expect(made).toMatchObject({ action: 'api_key.create', actorEmail: owner.email });
    expect(made!.details).toMatchObject({ prefix: key.prefix, scopes: key.scopes });
    expect(JSON.stringify(audit)).not.toContain(key.secret);
  });

  it('who may make which keys: an owner the company scopes, an admin any, nobody else any', async () => {
    const { owner, buyer } = await companyTeam(t, { spendingLimit: null, name: 'Scoped Ltd' });
    const erp = await make(owner, { name: 'ERP', scopes: ['catalog:write'] });
    expect(erp.statusCode).toBe(400);
    expect(erp.json<ApiErrorBody>().message).toBe(apiKeyMessages.companyScopes);
    expect((await make(buyer, { name: 'Mine', scopes: ['catalog:read'] })).statusCode).toBe(403);
    const loner = await shopper(t);
    const none = await make(loner, { name: 'Mine', scopes: ['catalog:read'] });
    expect(none.statusCode).toBe(403);
    expect(none.json<ApiErrorBody>().message).toBe(apiKeyMessages.noCompany);
    expect((await injectUnchecked(t, keysApi.list, {}, buyer)).statusCode).toBe(403);
    const shopKey = await answered<ApiKeyCreated>(
      make(admin, { name: 'SAP ERP', scopes: ['catalog:write', 'orders:read', 'orders:write'] }),
      201,
    );
    expect(shopKey.companyId).toBeNull();
    for (const body of [
      { name: '', scopes: ['catalog:read'] },
      { name: 'ERP', scopes: [] },
      { name: 'ERP', scopes: ['catalog:read', 'catalog:read'] },
      { name: 'ERP', scopes: ['everything'] },
    ]) {
      expect((await make(admin, body)).statusCode).toBe(400);
    }
  });

  it('a key buys as its maker within its scopes: the contract price, the company; 403 outside them', async () => {
    const { owner, company, product, key } = await keyedCompany('Buying Keys GmbH', [
      'catalog:read',
      'purchases:write',
    ]);
    const as = program(key.secret);
    // The catalogue at the company's price.
    const item = await answered<Product>(
      injectUnchecked(t, api.catalog.get, { params: { id: product._id } }, as),
    );
    expect(item.contractPrice).toBe(129);
    // A checkout, as the owner, for the company.
    const placed = await answered<Purchase>(
      injectUnchecked(
        t,
        purchases.checkout,
        { body: { lines: [{ productId: product._id, quantity: 10 }], ...CONTACT } },
        as,
      ),
      201,
    );
    expect(placed).toMatchObject({ email: owner.email, companyId: company._id, subtotal: 1290 });
    // Reading purchases needs purchases:read, which this key lacks.
    const read = await injectUnchecked(t, purchases.listOwn, {}, as);
    expect(read.statusCode).toBe(403);
    expect(read.json<ApiErrorBody>().message).toBe(apiKeyMessages.missingScope('purchases:read'));
    // Endpoints no program calls refuse every key: its keys, the profile, the admin's pages.
    for (const [contract, input] of [
      [keysApi.list, {}],
      [api.profile.get, { params: { email: owner.email } }],
      [api.users.page, {}],
    ] as const) {
      const refused = await injectUnchecked(t, contract, input, as);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ApiErrorBody>().message).toBe(apiKeyMessages.noScope);
    }
    // An admin-only endpoint with a scope: the key's maker is no admin.
    const keyWithOrders = await answered<ApiKeyCreated>(
      make(admin, { name: 'Orders reader', scopes: ['orders:read'] }),
      201,
    );
    expect(
      (await injectUnchecked(t, api.orders.adminList, {}, program(keyWithOrders.secret)))
        .statusCode,
    ).toBe(200);
  });

  it('notes its last use; a made-up key is 401; an owner who leaves takes the key out', async () => {
    const { owner, company, key } = await keyedCompany('Last Use Ltd', ['purchases:read']);
    const as = program(key.secret);
    expect((await injectUnchecked(t, purchases.listOwn, {}, as)).statusCode).toBe(200);
    const [used] = await list(owner).then((page) => page.items);
    expect(used!.lastUsedAt).not.toBeNull();

    const madeUp = await injectUnchecked(t, purchases.listOwn, {}, program(`${key.secret}x`));
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json<ApiErrorBody>().message).toBe(apiKeyMessages.invalid);

    // The owner is no longer the company's owner: their key stops.
    await t.db
      .update(companyMembers)
      .set({ role: 'buyer' })
      .where(and(eq(companyMembers.companyId, company._id), eq(companyMembers.email, owner.email)));
    const gone = await injectUnchecked(t, purchases.listOwn, {}, as);
    expect(gone.statusCode).toBe(401);
    expect(gone.json<ApiErrorBody>().message).toBe(apiKeyMessages.ownerGone);
  });

  it("a company's key never carries its maker's admin right", async () => {
    const { owner, key } = await keyedCompany('Admin Owner Ltd', [
      'catalog:read',
      'purchases:read',
    ]);
    // The owner is (or becomes) an admin of the shop too.
    await t.db.update(users).set({ role: true }).where(eq(users.email, owner.email));
    const as = program(key.secret);
    const csv = await injectUnchecked(t, api.catalog.exportCsv, {}, as);
    expect(csv.statusCode).toBe(403);
    // Their token is an admin's; the key still reads only what the company may.
    const asOwner = await injectUnchecked(t, api.catalog.exportCsv, {}, owner);
    expect(asOwner.statusCode).toBe(200);
  });

  it('refuses malformed and unknown keys, and an address that keeps sending them gets 429', async () => {
    const from = { remoteAddress: '198.51.100.77' };
    const malformed = await injectUnchecked(
      t,
      purchases.listOwn,
      {},
      {
        ...program('pk_live_short'),
        ...from,
      },
    );
    expect(malformed.statusCode).toBe(401);
    const unknown = `pk_live_${'A'.repeat(43)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push(
        (await injectUnchecked(t, purchases.listOwn, {}, { ...program(unknown), ...from }))
          .statusCode,
      );
    }
    // 20 refused keys a minute (the malformed one counted), then 429 without a look.
    expect(statuses.slice(0, 19)).toEqual(Array.from({ length: 19 }, () => 401));
    expect(statuses.slice(19)).toEqual([429, 429]);
    // Another address is not held back.
    const other = await injectUnchecked(
      t,
      purchases.listOwn,
      {},
      {
        ...program(unknown),
        remoteAddress: '198.51.100.78',
      },
    );
    expect(other.statusCode).toBe(401);
  });

  it('a company holds at most 20 keys, made at once or not', async () => {
    const { owner } = await companyTeam(t, { spendingLimit: null, name: 'Many Keys Ltd' });
    const made = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        make(owner, { name: `System ${i + 1}`, scopes: ['catalog:read'] }),
      ),
    );
    const statuses = made.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array.from({ length: 20 }, () => 201), 409, 409]);
  });

  it('a key and its maker keep their Idempotency-Keys apart', async () => {
    const { owner, product, key } = await keyedCompany('Idempotent Keys Ltd', ['purchases:write']);
    const body = { lines: [{ productId: product._id, quantity: 1 }], ...CONTACT };
    const headers = { 'idempotency-key': 'po-2026-0042' };
    const byOwner = await injectUnchecked(
      t,
      purchases.checkout,
      { body },
      {
        ...owner,
        headers: { ...owner.headers, ...headers },
      },
    );
    expect(byOwner.statusCode).toBe(201);
    const byKey = await injectUnchecked(
      t,
      purchases.checkout,
      { body },
      {
        headers: { ...program(key.secret).headers, ...headers },
      },
    );
    expect(byKey.statusCode).toBe(201);
    expect(byKey.headers['idempotent-replayed']).toBeUndefined();
    expect(byKey.json<Purchase>()._id).not.toBe(byOwner.json<Purchase>()._id);
  });

  it('revoked, it is refused from the next request on; it stays listed; revoking twice is 409', async () => {
    const { owner, key } = await keyedCompany('Revoked Keys Ltd', ['purchases:read']);
    const as = program(key.secret);
    expect((await injectUnchecked(t, purchases.listOwn, {}, as)).statusCode).toBe(200);
    const revoked = await answered<ApiKey>(
      injectUnchecked(t, keysApi.revoke, { params: { id: key._id } }, owner),
    );
    expect(revoked.revokedAt).not.toBeNull();
    expect((await injectUnchecked(t, purchases.listOwn, {}, as)).statusCode).toBe(401);
    const again = await injectUnchecked(t, keysApi.revoke, { params: { id: key._id } }, owner);
    expect(again.statusCode).toBe(409);
    expect((await list(owner)).items).toEqual([]);
    expect((await list(owner, { revoked: 'true' })).items.map((k) => k._id)).toEqual([key._id]);
    // Another company's owner may not revoke it; an admin may revoke any key.
    const other = await companyTeam(t, { spendingLimit: null, name: 'Other Keys Ltd' });
    const theirs = await answered<ApiKeyCreated>(
      make(other.owner, { name: 'Theirs', scopes: ['catalog:read'] }),
      201,
    );
    const foreign = await injectUnchecked(t, keysApi.revoke, { params: { id: theirs._id } }, owner);
    expect(foreign.statusCode).toBe(403);
    expect(
      (await injectUnchecked(t, keysApi.revoke, { params: { id: theirs._id } }, admin)).statusCode,
    ).toBe(200);
  });

  // Two instances share a database only on PostgreSQL (an embedded database is one process's).
  if (kind === 'postgres') {
    it('revoked on one instance, refused at once by another on the same database', async () => {
      const second = await buildTestApp(kind, {
        env: orderTestEnv(),
        postgresDatabase: t.postgresDatabase,
      });
      try {
        const { owner, key } = await keyedCompany('Two Instances Ltd', ['purchases:read']);
        const as = program(key.secret);
        expect((await injectUnchecked(second, purchases.listOwn, {}, as)).statusCode).toBe(200);
        await answered(injectUnchecked(t, keysApi.revoke, { params: { id: key._id } }, owner));
        expect((await injectUnchecked(second, purchases.listOwn, {}, as)).statusCode).toBe(401);
      } finally {
        await second.close({ keep: true });
      }
    });
  }
  it('a key counts apart from people, under its own limit', async () => {
    const limited = await buildTestApp(kind, {
      env: orderTestEnv({ RATE_LIMIT_MAX: '5', API_KEY_RATE_LIMIT_MAX: '8' }),
    });
    try {
      const boss = await adminShopper(limited);
      const created = await injectUnchecked(
        limited,
        keysApi.create,
        { body: { name: 'ERP', scopes: ['orders:read'] } },
        boss,
      );
      const key = created.json<ApiKeyCreated>();
      const from = { remoteAddress: '203.0.113.9' };
      const asKey = { ...program(key.secret), ...from };
      const statuses: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        statuses.push((await injectUnchecked(limited, api.orders.adminList, {}, asKey)).statusCode);
      }
      // Eight in the key's bucket, beyond the address's five: the ninth is refused.
      expect(statuses.slice(0, 8)).toEqual(Array.from({ length: 8 }, () => 200));
      expect(statuses[8]).toBe(429);
      // A person at the same address still has their own limit left.
      const person = { ...boss, remoteAddress: '203.0.113.9' };
      expect((await injectUnchecked(limited, api.orders.adminList, {}, person)).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});
