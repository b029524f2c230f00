import { randomBytes } from 'node:crypto';
import { api } from '@shop/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markEmailVerified } from '../../src/modules/users/service.js';
import { buildTestApp, type TestApp } from '../../src/test-support/build-test-app.js';
import {
  authPost,
  bearer,
  newUser,
  shopToken,
  signIn,
  signUp,
} from '../../src/test-support/identity.js';
import { inject } from '../../src/test-support/inject.js';
import {
  addProduct,
  ADMIN_EMAIL,
  availableOf,
  orderBody,
  orderTestEnv,
} from '../../src/test-support/shop.js';
import { orders } from '../../src/db/schema.js';
import { eq } from 'drizzle-orm';

/**
 * Two API instances on one PostgreSQL database and one Redis, as behind a load balancer: what one
 * issues the other accepts, the limits count across both, and the stock holds across both.
 * Requests go through `app.inject`; each test speaks from its own client address, so the
 * per-address limits of one test never touch another.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const API_LIMIT = 40;
const SIGN_IN_LIMIT = 3;

const needsPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip.bind(describe);
if (!process.env.TEST_DATABASE_URL) {
  console.warn(
    'several-instances: skipped, set TEST_DATABASE_URL to run two instances on PostgreSQL',
  );
}

needsPostgres('two instances on one PostgreSQL and one Redis (REDIS_URL)', () => {
  const keyPrefix = `shoptest:${Date.now().toString(36)}${randomBytes(4).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    const env = orderTestEnv({
      REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      RATE_LIMIT_MAX: String(API_LIMIT),
      AUTH_RATE_LIMIT_MAX: String(SIGN_IN_LIMIT),
    });
    a = await buildTestApp('postgres', { env });
    b = await buildTestApp('postgres', { env, postgresDatabase: a.postgresDatabase });
    redis = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    // b was given a's database: a keeps it, b drops it.
    await a?.close({ keep: true });
    await b?.close();
    if (redis) {
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  /** A person signed up on `t` from `ip`, with the session cookie and a shop token. */
  async function person(t: TestApp, ip: string, email?: string) {
    const { user, cookie } = await signUp(t, newUser(email ? { email } : {}), {
      remoteAddress: ip,
    });
    // Verified: the ADMIN_EMAILS admin's right is in force only for a verified address, and an
    // unverified account holds one unpaid purchase (the buyers below place several).
    await markEmailVerified(t.db, user.email);
    const token = await shopToken(t, user.email, cookie);
    return { user, cookie, token };
  }

  const getSession = (t: TestApp, cookie: string) => inject(t, api.auth.session, {}, { cookie });

  it('accepts on one instance the session and the shop token issued by the other', async () => {
    const { user, cookie, token } = await person(a, '198.51.100.1');

    const session = await getSession(b, cookie);
    expect(session.statusCode).toBe(200);
    expect(session.json<{ user: { email: string } }>().user.email).toBe(user.email);
    // The session is cached in Redis under this run's prefix, not only in the database.
    expect(await redis.keys(`${keyPrefix}auth:*`)).not.toHaveLength(0);

    // The session from A gets a shop token on B, and A's token reads the orders on B.
    expect(await shopToken(b, user.email, cookie)).toEqual(expect.any(String));
    const mine = await inject(
      b,
      api.orders.listOwn,
      { query: { email: user.email } },
      { headers: bearer(token) },
    );
    expect(mine.statusCode).toBe(200);

    // Signing out on B ends the session on A.
    const out = await authPost(b, api.auth.signOut, {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect((await getSession(a, cookie)).json()).toBeNull();
  });

  it('ends on both instances the sessions of a user the admin removes on one', async () => {
    const admin = await person(a, '198.51.100.2', ADMIN_EMAIL);
    const gone = await person(b, '198.51.100.3');
    expect((await getSession(a, gone.cookie)).json()).not.toBeNull();

    const removal = await inject(
      a,
      api.users.remove,
      { params: { email: gone.user.email } },
      { headers: bearer(admin.token) },
    );
    expect(removal.statusCode, removal.body).toBe(200);
    expect((await getSession(b, gone.cookie)).json()).toBeNull();
    expect((await getSession(a, gone.cookie)).json()).toBeNull();
  });

  it('ends on both instances the other sessions of an account whose password changed on one', async () => {
    const { user, cookie, token } = await person(a, '198.51.100.7');
    const elsewhere = await signIn(b, user, { remoteAddress: '198.51.100.8' });
    const elsewhereToken = await shopToken(b, user.email, elsewhere);
    // Both sessions are read on both instances, so Redis holds the copies too.
    for (const t of [a, b]) expect((await getSession(t, elsewhere)).json()).not.toBeNull();

    const changed = await authPost(
      a,
      api.auth.changePassword,
      { currentPassword: user.password, newPassword: 'Fresh#2027' },
      { cookie, remoteAddress: '198.51.100.7' },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const orders = (t: TestApp, bearerToken: string) =>
      inject(
        t,
        api.orders.listOwn,
        { query: { email: user.email } },
        { headers: bearer(bearerToken) },
      );
    for (const t of [a, b]) {
      expect((await getSession(t, elsewhere)).json()).toBeNull();
      expect((await orders(t, elsewhereToken)).statusCode).toBe(401);
      expect((await getSession(t, cookie)).json()).not.toBeNull();
      expect((await orders(t, token)).statusCode).toBe(200);
    }
  });

  it('counts wrong passwords on both instances against one sign-in limit', async () => {
    const { user } = await person(a, '198.51.100.4');
    const ip = '198.51.100.5';
    const wrong = (t: TestApp) =>
      authPost(
        t,
        api.auth.signIn,
        { email: user.email, password: 'Wrong#2026' },
        { remoteAddress: ip },
      );

    const statuses = [];
    for (const t of [a, a, b, b]) statuses.push((await wrong(t)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts API requests on both instances against one API limit', async () => {
    const ip = '198.51.100.6';
    const statuses: number[] = [];
    for (let i = 0; i <= API_LIMIT; i += 1) {
      const t = i % 2 === 0 ? a : b;
      const response = await inject(t, api.catalog.list, {}, { remoteAddress: ip });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, API_LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses[API_LIMIT]).toBe(429);
  });

  it('never oversells when 40 orders race for 10 pieces on both instances', async () => {
    const product = await addProduct(a, { available: 10, minimum: 1 });
    // Eight buyers from eight addresses, five orders each: well under the API limit per address.
    const buyers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => person(i % 2 ? b : a, `198.51.100.${20 + i}`)),
    );
    const attempts = Array.from({ length: 40 }, (_, i) => {
      const buyer = buyers[i % buyers.length]!;
      const t = i % 2 === 0 ? a : b;
      return inject(
        t,
        api.orders.place,
        { body: orderBody(product._id, 1) },
        {
          headers: bearer(buyer.token),
          remoteAddress: `198.51.100.${20 + (i % buyers.length)}`,
        },
      );
    });
    const answers = await Promise.all(attempts);
    const statuses = answers.map((response) => response.statusCode);

    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30);
    expect(await availableOf(a, product._id)).toBe(0);
    const placed = await a.db.select().from(orders).where(eq(orders.productId, product._id));
    expect(placed).toHaveLength(10);
  });
});
