import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../test-support/accounts.js';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import { newUser } from '../test-support/identity.js';
import { createReview } from '../modules/reviews/service.js';
import { markEmailVerified } from '../modules/users/service.js';
import {
  addProduct,
  clientSecretFor,
  confirmSandbox,
  intentIdOf,
  orderTestEnv,
  placeOrder,
  recordPayment,
  signedIntentEvent,
  type Shopper,
} from '../test-support/shop.js';
import { authorizationMatrix, ROLES, type MatrixKit, type Role } from './authorization-matrix.js';
import { registeredApiRoutes } from '../test-support/registered-routes.js';

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** The catalogue may be kept and revalidated (ETag); every other API answer is `no-store`. */
const CACHEABLE = new Set(['GET /api/items', 'GET /api/item/:id']);

describe.each(testDatabases())('authorization matrix on %s', (kind) => {
  let t: TestApp;
  let callers: Record<Exclude<Role, 'anonymous'>, SignedIn>;
  let kit: MatrixKit;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: orderTestEnv(MANY_SIGN_UPS) });
    callers = {
      customer: await signedIn(t, { name: 'Cora Customer' }),
      other: await signedIn(t, { name: 'Otto Other' }),
      admin: await signedIn(t, { admin: true, name: 'Ada Admin' }),
    };
    const { user, token, headers } = callers.customer;
    const customer: Shopper = { ...user, token, headers };
    const product = await addProduct(t, { price: 25, available: 1_000_000 });
    const intentFor = async () => {
      const orderId = (await placeOrder(t, customer, product._id))._id;
      return { orderId, clientSecret: await clientSecretFor(t, customer, orderId) };
    };
    const confirmed = async () => {
      const { orderId, clientSecret } = await intentFor();
      const confirmation = await confirmSandbox(t, clientSecret);
      expect(confirmation.statusCode, confirmation.body).toBe(200);
      return { orderId, transactionId: intentIdOf(clientSecret) };
    };
    kit = {
      customerEmail: user.email,
      productId: product._id,
      freshProduct: async () => (await addProduct(t))._id,
      freshReview: async () =>
        (
          await createReview(t.db, {
            name: 'MATRIX REVIEWER',
            email: user.email,
            rating: 4,
            discription: 'A review made for the authorization matrix.',
          })
        )._id,
      unpaidOrder: async () => (await placeOrder(t, customer, product._id))._id,
      paidOrder: async () => {
        const { orderId, transactionId } = await confirmed();
        const recorded = await recordPayment(t, customer, orderId, transactionId);
        expect(recorded.statusCode, recorded.body).toBe(200);
        return orderId;
      },
      confirmedPayment: confirmed,
      clientSecret: async () => (await intentFor()).clientSecret,
      signedWebhook: async () => {
        const order = await placeOrder(t, customer, product._id);
        return signedIntentEvent({
          id: `pi_matrix${randomBytes(8).toString('hex')}`,
          amount: order.price * 100,
          orderId: order._id,
        });
      },
      // Verified: Make Admin takes only a verified address.
      bystanderEmail: async () => {
        const { email } = (await signedIn(t, { name: 'Bo Bystander' })).user;
        await markEmailVerified(t.db, email);
        return email;
      },
      unusedEmail: () => newUser().email,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const credentials = (role: Role): Record<string, string> => {
    if (role === 'anonymous') return {};
    const { headers, cookie } = callers[role];
    return { ...headers, cookie };
  };

  describe.each(ROLES)('as %s', (role) => {
    it.each(authorizationMatrix.map((row) => [routeKey(row), row] as const))(
      '%s',
      async (_key, row) => {
        const { url, payload, headers } = await row.request(kit);
        const response = await t.app.inject({
          method: row.method,
          url,
          headers: { ...credentials(role), ...headers },
          ...(payload === undefined ? {} : { payload }),
        });
        expect(response.statusCode, `${role} ${row.method} ${url}: ${response.body}`).toBe(
          row.expect[role],
        );
        if (response.statusCode >= 400) {
          expect(response.json<{ message?: unknown }>().message).toEqual(expect.any(String));
        }
        // Identity, order and admin answers, refusals included, are never kept by a cache
        // (issue 10, item 7): a shared cache would hand one person's answer to the next.
        if (!CACHEABLE.has(routeKey(row))) {
          expect(response.headers['cache-control'], `${role} ${row.method} ${url}`).toBe(
            'no-store',
          );
        }
      },
    );
  });

  it('names every /api route the app registers, and only those', () => {
    const registered = registeredApiRoutes(t.app).map(routeKey).sort();
    const table = authorizationMatrix.map(routeKey);
    expect(new Set(table).size, 'a route is listed twice').toBe(table.length);
    expect([...table].sort()).toEqual(registered);
  });

  it('is the size the README states', async () => {
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(
      `Authorization matrix: ${authorizationMatrix.length} routes x ${ROLES.length} roles`,
    );
  });
});
