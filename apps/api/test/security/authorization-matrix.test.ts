import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  api,
  API_KEY_SCOPES,
  apiKeyMessages,
  apiPath,
  listEndpoints,
  servedByBetterAuth,
  type ApiKeyScope,
  type EndpointSpec,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema.js';
import { MANY_SIGN_UPS, signedIn, type SignedIn } from '../../src/test-support/accounts.js';
import {
  buildTestApp,
  testDatabases,
  type TestApp,
} from '../../src/test-support/build-test-app.js';
import { addMember } from '../../src/test-support/companies.js';
import { newUser } from '../../src/test-support/identity.js';
import { createReview } from '../../src/modules/reviews/service.js';
import { markEmailVerified } from '../../src/modules/users/service.js';
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
} from '../../src/test-support/shop.js';
import {
  accessDisagreements,
  authorizationMatrix,
  matrixAddress,
  ROLES,
  type MatrixKit,
  type Role,
} from '../../src/test-support/authorization-matrix.js';
import { registeredApiRoutes } from '../../src/test-support/registered-routes.js';
import { inject } from '../../src/test-support/inject.js';

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/**
 * The catalogue and this API's documentation may be kept and revalidated (ETag); every other API
 * answer is `no-store`.
 */
const CACHEABLE = new Set<EndpointSpec>([
  api.catalog.list,
  api.catalog.get,
  api.docs.openapi,
  api.docs.page,
  api.docs.stylesheet,
  api.docs.script,
]);

describe.each(testDatabases())('authorization matrix on %s', (kind) => {
  let t: TestApp;
  let callers: Record<Exclude<Role, 'anonymous'>, SignedIn>;
  let kit: MatrixKit;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      // The webhook rows subscribe 127.0.0.1, which nobody sends to: no worker runs here.
      env: orderTestEnv({
        ...MANY_SIGN_UPS,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_WORKER: 'false',
      }),
    });
    callers = {
      customer: await signedIn(t, { name: 'Cora Customer' }),
      other: await signedIn(t, { name: 'Otto Other' }),
      admin: await signedIn(t, { admin: true, name: 'Ada Admin' }),
    };
    // Verified, as the rows want them: an unverified account holds one unpaid purchase at a
    // time (UNVERIFIED_HOLD_MINUTES), and the rows place many.
    await markEmailVerified(t.db, callers.customer.user.email);
    await markEmailVerified(t.db, callers.other.user.email);
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
    const confirmedPurchase = async () => {
      const { purchaseId, _id: orderId } = await placeOrder(t, customer, product._id);
      const intent = await inject(t, api.payments.createIntent, { body: { purchaseId } }, customer);
      expect(intent.statusCode, intent.body).toBe(200);
      const { clientSecret } = intent.json();
      const confirmation = await confirmSandbox(t, clientSecret);
      expect(confirmation.statusCode, confirmation.body).toBe(200);
      return { purchaseId, orderId, transactionId: intentIdOf(clientSecret) };
    };
    const paidPurchaseLine = async () => {
      const { purchaseId, orderId, transactionId } = await confirmedPurchase();
      const paid = await inject(
        t,
        api.purchases.recordPayment,
        { params: { id: purchaseId }, body: { transactionId } },
        customer,
      );
      expect(paid.statusCode, paid.body).toBe(200);
      return { purchaseId, orderId };
    };
    const admin: Shopper = {
      ...callers.admin.user,
      token: callers.admin.token,
      headers: callers.admin.headers,
    };
    let companyId: Promise<string> | undefined;
    let buyer: Promise<Shopper> | undefined;
    let termsGiven: Promise<void> | undefined;
    kit = {
      unpaidPurchase: async () => (await placeOrder(t, customer, product._id)).purchaseId,
      confirmedPurchasePayment: confirmedPurchase,
      paidPurchase: async () => (await paidPurchaseLine()).purchaseId,
      paidPurchaseLine,
      creditNote: async () => {
        const { purchaseId, orderId } = await paidPurchaseLine();
        const note = await inject(
          t,
          api.creditNotes.create,
          { params: { id: purchaseId }, body: { lines: [{ orderId }], reason: 'Matrix' } },
          admin,
        );
        expect(note.statusCode, note.body).toBe(201);
        return note.json()._id;
      },
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
      company: async () => {
        companyId ??= inject(
          t,
          api.companies.create,
          { body: { name: 'Cora Components Ltd' } },
          customer,
        ).then((answer) => {
          expect(answer.statusCode, answer.body).toBe(201);
          return answer.json()._id;
        });
        return companyId;
      },
      pendingExemption: async () => {
        const answer = await inject(
          t,
          api.tax.createExemption,
          {
            params: { id: await kit.company() },
            body: {
              region: 'CA',
              certificateNumber: 'MATRIX-1',
              expiresOn: '2099-12-31',
              file: '/uploads/0123456789abcdef01234567.pdf',
            },
          },
          customer,
        );
        expect(answer.statusCode, answer.body).toBe(201);
        return answer.json()._id;
      },
      invitedEmail: async () => {
        const email = newUser().email;
        const id = await kit.company();
        const invited = await inject(
          t,
          api.companies.putMember,
          { params: { id, email }, body: { role: 'buyer' } },
          customer,
        );
        expect(invited.statusCode, invited.body).toBe(200);
        return email;
      },
      invitingCompany: async () => {
        const owner = await signedIn(t, { name: 'Ivo Inviter' });
        const created = await inject(
          t,
          api.companies.create,
          { body: { name: 'Inviting Parts Ltd' } },
          owner,
        );
        expect(created.statusCode, created.body).toBe(201);
        const id = created.json()._id;
        const invited = await inject(
          t,
          api.companies.putMember,
          { params: { id, email: user.email }, body: { role: 'buyer' } },
          owner,
        );
        expect(invited.statusCode, invited.body).toBe(200);
        return id;
      },
      confirmedInvoicePayment: async () => {
        const id = await kit.company();
        termsGiven ??= inject(
          t,
          api.companies.putTerms,
          { params: { id }, body: { paymentTerms: 'net30', creditLimit: null, onHold: false } },
          admin,
        ).then((answer) => expect(answer.statusCode, answer.body).toBe(200));
        await termsGiven;
        const bought = await inject(
          t,
          api.purchases.checkout,
          {
            body: {
              lines: [{ productId: product._id, quantity: 1 }],
              number: '+44 20 7946 0958',
              address: '12 Harbour Road, Springfield',
              paymentMethod: 'account',
            },
          },
          customer,
        );
        expect(bought.statusCode, bought.body).toBe(201);
        const intent = await inject(
          t,
          api.payments.createIntent,
          { body: { invoiceIds: [bought.json()._id] } },
          customer,
        );
        expect(intent.statusCode, intent.body).toBe(200);
        const { clientSecret } = intent.json();
        const confirmation = await confirmSandbox(t, clientSecret);
        expect(confirmation.statusCode, confirmation.body).toBe(200);
        return { companyId: id, transactionId: intentIdOf(clientSecret) };
      },
      quote: async () => {
        const asked = await inject(
          t,
          api.quotes.create,
          { body: { lines: [{ productId: product._id, quantity: 5 }] } },
          customer,
        );
        expect(asked.statusCode, asked.body).toBe(201);
        return asked.json()._id;
      },
      apiKey: async () => {
        await kit.company();
        const made = await inject(
          t,
          api.apiKeys.create,
          { body: { name: 'Matrix purchasing', scopes: ['purchases:read'] } },
          customer,
        );
        expect(made.statusCode, made.body).toBe(201);
        return made.json()._id;
      },
      webhook: async () => {
        await kit.company();
        const made = await inject(
          t,
          api.webhooks.create,
          { body: { url: 'http://127.0.0.1:9/matrix-hook', events: ['purchase.created'] } },
          customer,
        );
        expect(made.statusCode, made.body).toBe(201);
        const id = made.json()._id;
        // A purchase of the company's: its event is the subscription's first delivery.
        await kit.unpaidPurchase();
        const log = await inject(t, api.webhooks.deliveries, { params: { id } }, customer);
        expect(log.statusCode, log.body).toBe(200);
        return { id, deliveryId: log.json().items[0]!._id };
      },
      failedJob: async () => {
        const [job] = await t.db
          .insert(jobs)
          .values({
            queue: 'email',
            kind: 'shipped',
            state: 'failed',
            attempts: 9,
            lastError: 'the mail server refused it',
            finishedAt: new Date(),
          })
          .returning({ id: jobs.id });
        return job!.id;
      },
      offeredQuote: async () => {
        const id = await kit.quote();
        const offered = await inject(
          t,
          api.quotes.offer,
          {
            params: { id },
            body: {
              lines: [{ productId: product._id, quantity: 5, unitPrice: 20 }],
              expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
            },
          },
          admin,
        );
        expect(offered.statusCode, offered.body).toBe(200);
        return id;
      },
      location: async () => {
        const created = await inject(
          t,
          api.locations.create,
          {
            params: { id: await kit.company() },
            body: { name: 'Matrix site', address: matrixAddress },
          },
          customer,
        );
        expect(created.statusCode, created.body).toBe(201);
        return created.json()._id;
      },
      awaitingPurchase: async () => {
        buyer ??= (async () => {
          const id = await kit.company();
          const {
            user: who,
            token: buyerToken,
            headers: buyerHeaders,
          } = await signedIn(t, {
            name: 'Bea Buyer',
          });
          await markEmailVerified(t.db, who.email);
          const bea = { ...who, token: buyerToken, headers: buyerHeaders };
          await addMember(t, customer, id, bea, { role: 'buyer', spendingLimit: 0 });
          return bea;
        })();
        const placed = await inject(
          t,
          api.purchases.checkout,
          {
            body: {
              lines: [{ productId: product._id, quantity: 1 }],
              number: '+44 20 7946 0958',
              address: '12 Harbour Road, Springfield',
            },
          },
          await buyer,
        );
        expect(placed.statusCode, placed.body).toBe(201);
        expect(placed.json().status).toBe('awaiting_approval');
        return placed.json()._id;
      },
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
        const { params, query, payload, headers } = await row.request(kit);
        const url = apiPath(row.contract, { params, query });
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
        // (decision 010): a shared cache would hand one person's answer to the next.
        if (!CACHEABLE.has(row.contract)) {
          expect(response.headers['cache-control'], `${role} ${row.method} ${url}`).toBe(
            'no-store',
          );
        }
      },
    );
  });

  /*
   * A column per API key scope (issue 32, docs/decisions/053): an admin's key with that one scope
   * passes the key's gate only on the routes whose contract names it, and is refused 403 with the
   * key's message everywhere else a token would be taken. The gate runs before the request is
   * read, so made-up ids and no body show it without changing anything.
   */
  describe('with an API key of each scope', () => {
    const keyRefusals = new Set<string>([
      apiKeyMessages.invalid,
      apiKeyMessages.ownerGone,
      apiKeyMessages.noScope,
      ...API_KEY_SCOPES.map((scope) => apiKeyMessages.missingScope(scope)),
    ]);
    const secrets = new Map<ApiKeyScope, Promise<string>>();
    const keyFor = (scope: ApiKeyScope) => {
      if (!secrets.has(scope)) {
        secrets.set(
          scope,
          inject(
            t,
            api.apiKeys.create,
            { body: { name: `Matrix ${scope}`, scopes: [scope] } },
            callers.admin,
          ).then((made) => {
            expect(made.statusCode, made.body).toBe(201);
            return made.json().secret;
          }),
        );
      }
      return secrets.get(scope)!;
    };
    const guarded = authorizationMatrix.filter(
      (row) => row.contract.access === 'user' || row.contract.access === 'admin',
    );
    it.each(guarded.map((row) => [routeKey(row), row] as const))('%s', async (_key, row) => {
      const params = Object.fromEntries(
        [...row.contract.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
          name,
          name === 'email' ? 'nobody@example.com' : '00000000-0000-4000-8000-000000000000',
        ]),
      );
      const url = apiPath(row.contract, { params });
      for (const scope of API_KEY_SCOPES) {
        const response = await t.app.inject({
          method: row.method,
          url,
          headers: { authorization: `Bearer ${await keyFor(scope)}` },
        });
        // A CSV or PDF answered is no refusal; refusals are JSON.
        const json = String(response.headers['content-type']).startsWith('application/json');
        const message = json ? (response.json<{ message?: string }>().message ?? '') : '';
        const what = `${scope} key ${row.method} ${url}: ${response.body}`;
        if (row.contract.scope === scope) {
          expect(keyRefusals.has(message), what).toBe(false);
        } else {
          expect(response.statusCode, what).toBe(403);
          const needed = row.contract.scope;
          expect(message, what).toBe(
            needed ? apiKeyMessages.missingScope(needed) : apiKeyMessages.noScope,
          );
        }
      }
    });
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

describe('authorization matrix rows', () => {
  it("has a row for every contract but Better Auth's, one each", () => {
    const contracts = listEndpoints()
      .filter(({ resource }) => !servedByBetterAuth.has(resource))
      .map(({ resource, name, endpoint }) => ({ key: `${resource}.${name}`, endpoint }));
    const unlisted = contracts.filter(
      ({ endpoint }) => !authorizationMatrix.some((row) => row.contract === endpoint),
    );
    expect(
      unlisted.map(({ key }) => key),
      'contracts without a row',
    ).toEqual([]);
    expect(new Set(authorizationMatrix.map((row) => row.contract)).size).toBe(
      authorizationMatrix.length,
    );
  });

  it.each(authorizationMatrix.map((row) => [routeKey(row), row] as const))(
    "%s: the statuses agree with the contract's access",
    (_key, row) => {
      expect(accessDisagreements(row), row.contract.access).toEqual([]);
    },
  );
});
