import {
  adminStatusSchema,
  api,
  apiErrorSchema,
  shopTokenSchema,
  type ApiErrorBody,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { currentUser, guardMessages } from '../../auth/guards.js';
import { registerErrorHandling } from '../../http/errors.js';
import { createShopTokens, SHOP_TOKEN_AUDIENCE, SHOP_TOKEN_ISSUER } from '../../auth/shop-token.js';
import { users } from '../../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { bearer, newUser, shopToken, signUp } from '../../test-support/identity.js';
import { inject, injectUnchecked } from '../../test-support/inject.js';
import { findShopUserByEmail, makeAdmin, markEmailVerified } from './service.js';

const SECRET = 'test-secret-that-is-long-enough-0123456789';
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(testDatabases())('shop token and admin check on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
    t = undefined;
  });

  const build = async (env: Record<string, string> = {}) => {
    t = await buildTestApp(kind, { env: { SEED_DEMO_DATA: 'false', AUTH_SECRET: SECRET, ...env } });
    return t;
  };

  // Any body: some tests send what the contract refuses.
  const putUser = (app: TestApp, email: string, body: unknown, cookie?: string) =>
    injectUnchecked(app, api.identity.issueToken, { params: { email }, body }, { cookie });

  const askAdmin = (app: TestApp, email: string, token?: string) =>
    inject(
      app,
      api.identity.adminStatus,
      { params: { email } },
      { headers: token ? bearer(token) : {} },
    );

  describe('PUT /api/user/{email}', () => {
    it('answers a signed, expiring token for the session of that email and upserts the shop user', async () => {
      const app = await build({ TOKEN_TTL_MINUTES: '30' });
      const { user, cookie } = await signUp(app);
      const response = await putUser(app, user.email, { email: user.email }, cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { token } = shopTokenSchema.strict().parse(response.json());

      const stored = await findShopUserByEmail(app.db, user.email);
      expect(stored).toMatchObject({ email: user.email, isAdmin: false });
      expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256' });
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({
        sub: stored?.id,
        email: user.email,
        iss: SHOP_TOKEN_ISSUER,
        aud: SHOP_TOKEN_AUDIENCE,
      });
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(30 * 60);

      // Asking again (a new login) keeps one shop user.
      await shopToken(app, user.email, cookie);
      expect(await app.db.select().from(users).where(eq(users.email, user.email))).toHaveLength(1);
    });

    it('accepts the email in any letter case', async () => {
      const app = await build();
      const { user, cookie } = await signUp(app);
      const shouted = user.email.toUpperCase();
      const response = await putUser(app, shouted, { email: shouted }, cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(decodeJwt(response.json().token).email).toBe(user.email);
    });

    it('refuses a request without a session with 401', async () => {
      const app = await build();
      const { user } = await signUp(app);
      const before = await findShopUserByEmail(app.db, user.email);
      const response = await putUser(app, user.email, { email: user.email });
      expect(response.statusCode).toBe(401);
      expect(apiErrorSchema.parse(response.json()).message).toMatch(/sign in/i);
      const forged = await putUser(
        app,
        user.email,
        { email: user.email },
        'better-auth.session_token=forged.value',
      );
      expect(forged.statusCode).toBe(401);
      expect(await findShopUserByEmail(app.db, user.email)).toEqual(before);
    });

    it('refuses the session of another email with 403', async () => {
      const app = await build();
      const { cookie } = await signUp(app);
      const { user: other } = await signUp(app);
      const before = await findShopUserByEmail(app.db, other.email);
      const response = await putUser(app, other.email, { email: other.email }, cookie);
      expect(response.statusCode).toBe(403);
      expect(await findShopUserByEmail(app.db, other.email)).toEqual(before);
    });

    it.each([
      ['another email in the body', (email: string) => ({ email: `x${email}` })],
      ['no email in the body', () => ({})],
      ['an invalid email in the body', () => ({ email: 'not-an-email' })],
    ])('refuses %s with 400', async (_label, body) => {
      const app = await build();
      const { user, cookie } = await signUp(app);
      const response = await putUser(app, user.email, body(user.email), cookie);
      expect(response.statusCode).toBe(400);
      expect(apiErrorSchema.parse(response.json()).message).toMatch(/^email: /);
    });

    it.each([['not-an-email'], [`${'a'.repeat(250)}@example.com`]])(
      'refuses the address /api/user/%s with 400',
      async (email) => {
        const app = await build();
        const response = await putUser(app, email, { email });
        expect(response.statusCode).toBe(400);
        expect(response.json<ApiErrorBody>().message).toMatch(/^email: /);
      },
    );
  });

  describe('GET /api/admin/{email}', () => {
    it('answers admin true for an ADMIN_EMAILS user and false for another, each asking about themselves', async () => {
      const boss = newUser();
      const app = await build({ ADMIN_EMAILS: `someone@example.com, ${boss.email.toUpperCase()}` });
      const bossCookie = (await signUp(app, boss)).cookie;
      await markEmailVerified(app.db, boss.email);
      const bossToken = await shopToken(app, boss.email, bossCookie);
      const { user, cookie } = await signUp(app);
      const customerToken = await shopToken(app, user.email, cookie);

      const asBoss = await askAdmin(app, boss.email, bossToken);
      expect(asBoss.statusCode).toBe(200);
      expect(adminStatusSchema.strict().parse(asBoss.json())).toEqual({ admin: true });
      expect((await askAdmin(app, user.email, customerToken)).json()).toEqual({ admin: false });

      // An admin may ask about anyone, a customer only about themselves.
      expect((await askAdmin(app, user.email, bossToken)).json()).toEqual({ admin: false });
      expect((await askAdmin(app, 'nobody@example.com', bossToken)).json()).toEqual({
        admin: false,
      });
      const nosy = await askAdmin(app, boss.email, customerToken);
      expect(nosy.statusCode).toBe(403);
      expect(apiErrorSchema.parse(nosy.json()).error).toBe('Forbidden');
    });

    it('takes a promotion by make-admin into account on the next request with the same token', async () => {
      const app = await build();
      const { user, cookie } = await signUp(app);
      await markEmailVerified(app.db, user.email);
      const token = await shopToken(app, user.email, cookie);
      expect((await askAdmin(app, user.email, token)).json()).toEqual({ admin: false });
      expect(await makeAdmin(app.db, user.email.toUpperCase())).toEqual({
        email: user.email,
        alreadyAdmin: false,
        verified: true,
      });
      expect((await askAdmin(app, user.email, token)).json()).toEqual({ admin: true });
      expect(await makeAdmin(app.db, user.email)).toEqual({
        email: user.email,
        alreadyAdmin: true,
        verified: true,
      });
    });

    it('never demotes an admin whom ADMIN_EMAILS no longer names', async () => {
      const app = await build();
      const { user, cookie } = await signUp(app);
      await markEmailVerified(app.db, user.email);
      await makeAdmin(app.db, user.email);
      const token = await shopToken(app, user.email, cookie);
      expect((await askAdmin(app, user.email, token)).json()).toEqual({ admin: true });
    });

    it('answers 401 for a deleted user, whose token is otherwise still good', async () => {
      const app = await build();
      const { user, cookie } = await signUp(app);
      const token = await shopToken(app, user.email, cookie);
      await app.db.delete(users).where(eq(users.email, user.email));
      const response = await askAdmin(app, user.email, token);
      expect(response.statusCode).toBe(401);
      expect(response.json<ApiErrorBody>().message).toBe(guardMessages.ended);
    });

    it('answers 401 without a token or with a malformed Authorization header', async () => {
      const app = await build();
      const missing = await askAdmin(app, 'pat@example.com');
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: guardMessages.missing,
      });
      const basic = await inject(
        app,
        api.identity.adminStatus,
        { params: { email: 'pat@example.com' } },
        { headers: { authorization: 'Basic cGF0OnNlY3JldA==' } },
      );
      expect(basic.statusCode).toBe(401);
    });

    it('requireAdmin lets an admin through and answers 403 to a customer', async () => {
      const app = await build();
      // A route of a later issue, guarded as those will be.
      const probe = Fastify();
      registerErrorHandling(probe);
      probe.decorateRequest('shopUser', null);
      probe.get(
        '/admin-only',
        { preHandler: app.app.identity.guards.requireAdmin },
        async (request) => ({
          email: currentUser(request).email,
        }),
      );
      try {
        const { user, cookie } = await signUp(app);
        const token = await shopToken(app, user.email, cookie);
        const refused = await probe.inject({
          method: 'GET',
          url: '/admin-only',
          headers: bearer(token),
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(guardMessages.notAdmin);
        expect((await probe.inject({ method: 'GET', url: '/admin-only' })).statusCode).toBe(401);
        await markEmailVerified(app.db, user.email);
        await makeAdmin(app.db, user.email);
        const allowed = await probe.inject({
          method: 'GET',
          url: '/admin-only',
          headers: bearer(token),
        });
        expect(allowed.statusCode).toBe(200);
        expect(allowed.json()).toEqual({ email: user.email });
      } finally {
        await probe.close();
      }
    });

    describe('refuses a bad token with 401', () => {
      const setUp = async () => {
        const app = await build();
        const { user, cookie } = await signUp(app);
        const token = await shopToken(app, user.email, cookie);
        return { app, user, token };
      };

      const expectRefused = async (app: TestApp, email: string, token: string, message: string) => {
        const response = await askAdmin(app, email, token);
        expect(response.statusCode).toBe(401);
        expect(response.json<ApiErrorBody>().message).toBe(message);
      };

      it('forged: signed with another secret', async () => {
        const { app, user, token } = await setUp();
        const { sub, sid } = decodeJwt<{ sid: string }>(token);
        const forged = await createShopTokens('another-secret-that-is-long-enough-987654', 60).sign(
          { sub: sub ?? '', email: user.email, sid },
        );
        await expectRefused(app, user.email, forged, guardMessages.invalid);
      });

      it('tampered: the payload edited, the signature kept', async () => {
        const { app, user, token } = await setUp();
        const { user: victim, cookie } = await signUp(app);
        const victimId = decodeJwt(await shopToken(app, victim.email, cookie)).sub;
        const [header, payload, signature] = token.split('.');
        const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
        const tampered = [
          header,
          base64url({ ...claims, sub: victimId, email: victim.email }),
          signature,
        ].join('.');
        await expectRefused(app, victim.email, tampered, guardMessages.invalid);
        // The untouched token still works, so the refusal is about the edit.
        expect((await askAdmin(app, user.email, token)).statusCode).toBe(200);
      });

      it('alg none: unsigned', async () => {
        const { app, user, token } = await setUp();
        const claims = decodeJwt(token);
        const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
        await expectRefused(app, user.email, unsigned, guardMessages.invalid);
      });

      it('expired: past its TOKEN_TTL_MINUTES', async () => {
        const { app, user, token } = await setUp();
        const claims = decodeJwt<{ sid: string }>(token);
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() - 2 * 60 * 60 * 1000);
        const old = await createShopTokens(SECRET, 60).sign({
          sub: claims.sub ?? '',
          email: user.email,
          sid: claims.sid,
        });
        vi.useRealTimers();
        await expectRefused(app, user.email, old, guardMessages.expired);
        // The same key and claims one hour later would be fine: only the time is wrong.
        const fresh = await createShopTokens(SECRET, 60).sign({
          sub: claims.sub ?? '',
          email: user.email,
          sid: claims.sid,
        });
        expect((await askAdmin(app, user.email, fresh)).statusCode).toBe(200);
      });

      it('garbage', async () => {
        const { app, user } = await setUp();
        await expectRefused(app, user.email, 'not.a.token', guardMessages.invalid);
      });
    });
  });
});
