import {
  api,
  authErrorSchema,
  messages,
  PASSWORD_MAX_LENGTH,
  type AuthErrorBody,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { authUsers } from '../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import {
  authPost,
  cookiesOf,
  hasSessionCookie,
  newUser,
  signUp,
} from '../test-support/identity.js';
import { inject } from '../test-support/inject.js';

describe.each(testDatabases())('Better Auth under /api/auth on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const app = () => {
    if (!t) throw new Error('no test app');
    return t;
  };

  describe('sign-up', () => {
    it('stores the name uppercased, starts a session and answers the user', async () => {
      t = await buildTestApp(kind);
      const user = newUser({ name: 'Grace  Hopper' });
      const response = await authPost(t, api.auth.signUp, user);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().user).toMatchObject({ email: user.email, name: 'GRACE HOPPER' });
      expect(hasSessionCookie(response)).toBe(true);
      const [row] = await t.db.select().from(authUsers).where(eq(authUsers.email, user.email));
      expect(row?.name).toBe('GRACE HOPPER');
      // The password is stored hashed, never as typed.
      expect(JSON.stringify(await t.db.select().from(authUsers))).not.toContain(user.password);
    });

    it.each([
      [
        'a password without a digit',
        { password: 'Parts#abc' },
        'INVALID_PASSWORD',
        messages.invalidPassword,
      ],
      [
        'a password without a symbol',
        { password: 'Parts2026' },
        'INVALID_PASSWORD',
        messages.invalidPassword,
      ],
      [
        'a 5-character password',
        { password: 'Pa#26' },
        'INVALID_PASSWORD',
        messages.invalidPassword,
      ],
      [
        `a ${PASSWORD_MAX_LENGTH + 1}-character password`,
        { password: `Parts#2026${'a'.repeat(PASSWORD_MAX_LENGTH - 9)}` },
        'INVALID_PASSWORD',
        messages.invalidPassword,
      ],
      [
        'a password with a tab',
        { password: 'Parts#\t2026' },
        'INVALID_PASSWORD',
        messages.invalidPassword,
      ],
      ['an empty password', { password: '' }, 'INVALID_PASSWORD', messages.required],
      ['a name with digits', { name: 'R2 D2' }, 'INVALID_NAME', messages.invalidName],
      ['a one-letter name', { name: 'X' }, 'INVALID_NAME', messages.invalidName],
      ['a 31-letter name', { name: 'A'.repeat(31) }, 'INVALID_NAME', messages.invalidName],
      ['no name', { name: undefined }, 'INVALID_NAME', messages.required],
      [
        'an email with two dots in a row',
        { email: 'first..last@example.com' },
        'INVALID_EMAIL',
        messages.invalidEmail,
      ],
      ['an email without a domain', { email: 'pat@' }, 'INVALID_EMAIL', messages.invalidEmail],
      [
        'an email with a one-letter ending',
        { email: 'pat@example.c' },
        'INVALID_EMAIL',
        messages.invalidEmail,
      ],
    ])('refuses %s with 400 and the shared message', async (_label, change, code, message) => {
      t = await buildTestApp(kind, { env: { SEED_DEMO_DATA: 'false' } });
      const response = await authPost(t, api.auth.signUp, { ...newUser(), ...change });
      expect(response.statusCode).toBe(400);
      expect(authErrorSchema.parse(response.json())).toEqual({ code, message });
      expect(hasSessionCookie(response)).toBe(false);
      expect(await t.db.select().from(authUsers)).toEqual([]);
    });

    it('refuses a second account for the same email', async () => {
      t = await buildTestApp(kind);
      const { user } = await signUp(t);
      const again = await authPost(t, api.auth.signUp, { ...user, name: 'Someone Else' });
      expect(again.statusCode).toBe(422);
      expect(again.json<AuthErrorBody>().code).toMatch(/USER_ALREADY_EXISTS/);
    });
  });

  describe('sign-in and session', () => {
    it('sets a session cookie that /api/auth/get-session reads, and sign-out ends it', async () => {
      t = await buildTestApp(kind);
      const { user } = await signUp(t);
      const response = await authPost(t, api.auth.signIn, {
        email: user.email,
        password: user.password,
      });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name.endsWith('session_token'));
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const session = await inject(t, api.auth.session, {}, { cookie: cookiesOf(response) });
      expect(session.json()?.user).toMatchObject({ email: user.email, name: 'PAT BUYER' });

      const out = await authPost(t, api.auth.signOut, {}, { cookie: cookiesOf(response) });
      expect(out.statusCode).toBe(200);
      const after = await inject(t, api.auth.session, {}, { cookie: cookiesOf(response) });
      expect(after.json()).toBeNull();
    });

    it('answers a wrong password with 401 INVALID_EMAIL_OR_PASSWORD', async () => {
      t = await buildTestApp(kind);
      const { user } = await signUp(t);
      const response = await authPost(t, api.auth.signIn, {
        email: user.email,
        password: 'Wrong#2026',
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
      expect(hasSessionCookie(response)).toBe(false);
    });

    it('refuses a cookie-carrying request from an origin it does not trust', async () => {
      t = await buildTestApp(kind);
      const { cookie } = await signUp(t);
      const response = await authPost(
        t,
        api.auth.signOut,
        {},
        {
          cookie,
          headers: { origin: 'https://evil.example' },
        },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'INVALID_ORIGIN' });
    });

    it('updates the display name uppercased, with the signup rule', async () => {
      t = await buildTestApp(kind);
      const { cookie } = await signUp(t);
      const bad = await authPost(t, api.auth.updateUser, { name: 'N0 Digits' }, { cookie });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ code: 'INVALID_NAME', message: messages.invalidName });
      const good = await authPost(t, api.auth.updateUser, { name: 'Pat Seller' }, { cookie });
      expect(good.statusCode, good.body).toBe(200);
      const session = await inject(t, api.auth.session, {}, { cookie });
      expect(session.json<{ user: { name: string } }>().user.name).toBe('PAT SELLER');
    });
  });

  describe('rate limit', () => {
    it('answers 429 after AUTH_RATE_LIMIT_MAX wrong passwords from one address, per address', async () => {
      t = await buildTestApp(kind, { env: { AUTH_RATE_LIMIT_MAX: '4' } });
      const { user } = await signUp(t);
      const wrong = { email: user.email, password: 'Wrong#2026' };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        // A client-sent X-Forwarded-For must not give it a fresh bucket.
        const response = await authPost(t, api.auth.signIn, wrong, {
          remoteAddress: '203.0.113.7',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      const limited = await authPost(
        t,
        api.auth.signIn,
        { email: user.email, password: user.password },
        {
          remoteAddress: '203.0.113.7',
        },
      );
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/too many requests/i);
      expect(Number(limited.headers['x-retry-after'])).toBeGreaterThan(0);

      // Another address still signs in.
      const other = await authPost(
        t,
        api.auth.signIn,
        { email: user.email, password: user.password },
        {
          remoteAddress: '203.0.113.8',
        },
      );
      expect(other.statusCode).toBe(200);
    });

    it('limits sign-up and reset requests too, with the count kept in the database', async () => {
      t = await buildTestApp(kind, { env: { AUTH_RATE_LIMIT_MAX: '2' } });
      const from = { remoteAddress: '203.0.113.9' };
      const signUps = [];
      for (let i = 0; i < 3; i++)
        signUps.push((await authPost(t, api.auth.signUp, newUser(), from)).statusCode);
      expect(signUps).toEqual([200, 200, 429]);
      const resets = [];
      for (let i = 0; i < 3; i++) {
        const response = await authPost(
          t,
          api.auth.requestPasswordReset,
          { email: 'nobody@example.com', redirectTo: '/reset-password' },
          from,
        );
        resets.push(response.statusCode);
      }
      expect(resets).toEqual([200, 200, 429]);
      const rows = await t.db.query.authRateLimits.findMany();
      expect(rows.map((r) => r.key)).toEqual(
        expect.arrayContaining([
          '203.0.113.9|/sign-up/email',
          '203.0.113.9|/request-password-reset',
        ]),
      );
    });

    it('follows TRUST_PROXY: behind a trusted proxy the forwarded address is the client', async () => {
      t = await buildTestApp(kind, { env: { AUTH_RATE_LIMIT_MAX: '1', TRUST_PROXY: 'true' } });
      const wrong = { email: 'nobody@example.com', password: 'Wrong#2026' };
      const first = await authPost(t, api.auth.signIn, wrong, {
        headers: { 'x-forwarded-for': '198.51.100.1' },
      });
      const second = await authPost(t, api.auth.signIn, wrong, {
        headers: { 'x-forwarded-for': '198.51.100.1' },
      });
      const third = await authPost(t, api.auth.signIn, wrong, {
        headers: { 'x-forwarded-for': '198.51.100.2' },
      });
      expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([401, 429, 401]);
    });
  });

  it('serves Better Auth answers with their headers and no caching, and a JSON 404 for unknown auth paths', async () => {
    t = await buildTestApp(kind);
    // raw-api-path: Better Auth's own health check and a path it does not serve, which no
    // program of the shop calls, so no contract names them.
    const ok = await app().app.inject({ method: 'GET', url: '/api/auth/ok' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect(ok.headers['cache-control']).toBe('no-store');
    // raw-api-path: see above.
    const missing = await app().app.inject({ method: 'GET', url: '/api/auth/nothing-here' });
    expect(missing.statusCode).toBe(404);
  });
});
