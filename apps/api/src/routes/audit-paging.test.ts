import {
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  auditPageSchema,
  pagingMessages,
  api,
  type ApiErrorBody,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardMessages } from '../auth/guards.js';
import { auditLog } from '../db/schema.js';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../test-support/accounts.js';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import { inject, injectUnchecked } from '../test-support/inject.js';
import { findShopUserByEmail } from '../modules/users/service.js';
import { recordAudit } from '../kernel/audit.js';

describe.each(testDatabases())('GET /api/admin/audit on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let customer: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ...MANY_SIGN_UPS, SEED_DEMO_DATA: 'false' } });
    admin = await signedIn(t, { admin: true, name: 'Ada Auditor' });
    customer = await signedIn(t, { name: 'Cora Customer' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (who: SignedIn | null) => inject(t, api.audit.list, {}, who ?? {});
  const auditPage = async (query: { page?: string; limit?: string } = {}) => {
    const response = await inject(t, api.audit.list, { query }, admin);
    expect(response.statusCode, response.body).toBe(200);
    return auditPageSchema.strict().parse(response.json());
  };

  it(`answers newest first, ${PAGE_LIMIT_DEFAULT} a page unless asked, with the total`, async () => {
    const shopAdmin = await findShopUserByEmail(t.db, admin.user.email);
    await t.db.delete(auditLog);
    for (let n = 1; n <= 25; n += 1) {
      await recordAudit(t.db, {
        actor: shopAdmin!,
        action: 'product.update',
        targetType: 'product',
        targetId: crypto.randomUUID(),
        targetLabel: `Product ${n}`,
      });
    }
    const first = await auditPage();
    expect(first).toMatchObject({ total: 25, page: 1, limit: PAGE_LIMIT_DEFAULT });
    expect(first.items.map((i) => i.targetLabel)).toEqual(
      Array.from({ length: PAGE_LIMIT_DEFAULT }, (_, n) => `Product ${25 - n}`),
    );
    const third = await auditPage({ page: '3', limit: '10' });
    expect(third).toMatchObject({ total: 25, page: 3, limit: 10 });
    expect(third.items.map((i) => i.targetLabel)).toEqual(
      Array.from({ length: 5 }, (_, n) => `Product ${5 - n}`),
    );
    const beyond = await auditPage({ page: '9', limit: '10' });
    expect(beyond).toEqual({ items: [], total: 25, page: 9, limit: 10 });
    const widest = await auditPage({ limit: String(PAGE_LIMIT_MAX) });
    expect(widest.items).toHaveLength(25);
    expect(new Date(first.items[0]!.createdAt).getTime()).not.toBeNaN();
  });

  it.each([
    ['page=0', 'page', pagingMessages.page],
    ['page=-1', 'page', pagingMessages.page],
    ['page=abc', 'page', pagingMessages.page],
    ['page=1.5', 'page', pagingMessages.page],
    ['page=1e3', 'page', pagingMessages.page],
    ['page=', 'page', pagingMessages.page],
    ['page=1&page=2', 'page', pagingMessages.page],
    ['limit=0', 'limit', pagingMessages.limit],
    [`limit=${PAGE_LIMIT_MAX + 1}`, 'limit', pagingMessages.limit],
    ['limit=99999999999999999999', 'limit', pagingMessages.limit],
    ['limit=ten', 'limit', pagingMessages.limit],
  ])('refuses ?%s with 400 naming the %s', async (query, field, message) => {
    const response = await injectUnchecked(t, api.audit.list, { rawQuery: query }, admin);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: `${field}: ${message}`,
    });
  });

  it('answers 401 without a token and 403 to a customer, with no-store', async () => {
    const anonymous = await call(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ApiErrorBody>().message).toBe(guardMessages.missing);
    const asCustomer = await call(customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json<ApiErrorBody>().message).toBe(guardMessages.notAdmin);
    const asAdminResponse = await call(admin);
    expect(asAdminResponse.headers['cache-control']).toBe('no-store');
    expect(asAdminResponse.json().items.length).toBeGreaterThan(0);
  });
});
