import { api, apiPath, type Callable } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { authAccounts, authUsers } from '../db/schema.js';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import {
  authPost,
  bearer,
  cookiesOf,
  hasSessionCookie,
  shopToken,
  signUp,
} from '../test-support/identity.js';
import { inject } from '../test-support/inject.js';
import { gina, startOidcStandIn, type OidcStandIn } from '../test-support/oidc.js';

const GOOGLE_ENV = {
  GOOGLE_CLIENT_ID: 'shop-client-id',
  GOOGLE_CLIENT_SECRET: 'shop-client-secret',
};

/**
 * The popup's journey through app.inject and the stand-in: start the sign-in, follow the
 * authorization URL to the issuer (which redirects back at once with a code), then follow the
 * callback. Answers the callback's answer and the cookies gathered on the way.
 */
async function googleSignIn(
  t: TestApp,
  start: { route: Callable; body: Record<string, unknown> } = {
    route: api.auth.signInSocial,
    body: { provider: 'google', callbackURL: '/auth/popup-complete', disableRedirect: true },
  },
) {
  const started = await authPost(t, start.route, start.body);
  expect(started.statusCode, started.body).toBe(200);
  const { url, redirect } = started.json<{ url: string; redirect: boolean }>();
  expect(redirect).toBe(false);
  let cookie = cookiesOf(started);

  const authorize = await fetch(url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location') ?? '');
  const callbackPath = apiPath(api.auth.oauthCallback, { params: { provider: 'google' } });
  expect(`${back.origin}${back.pathname}`).toBe(`${t.config.publicUrl}${callbackPath}`);
  expect(back.searchParams.get('code')).toBeTruthy();

  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  cookie = cookiesOf(callback, cookie);
  return { authorizationUrl: new URL(url), callback, cookie };
}

async function sessionUser(t: TestApp, cookie: string) {
  const response = await inject(t, api.auth.session, {}, { cookie });
  return response.json<{ user: { email: string; name: string; emailVerified: boolean } } | null>()
    ?.user;
}

describe.each(testDatabases())('Google sign-in through OpenID Connect on %s', (kind) => {
  let t: TestApp | undefined;
  let oidc: OidcStandIn | undefined;
  afterEach(async () => {
    await t?.close();
    await oidc?.close();
    t = undefined;
    oidc = undefined;
  });

  const build = async (env: Record<string, string> = {}) => {
    oidc ??= await startOidcStandIn();
    t = await buildTestApp(kind, {
      env: { SEED_DEMO_DATA: 'false', ...GOOGLE_ENV, GOOGLE_ISSUER: oidc.issuer, ...env },
    });
    return t;
  };

  it('signs the Google user in with a session cookie, name uppercased, and lands on the callback page', async () => {
    const app = await build();
    const { authorizationUrl, callback, cookie } = await googleSignIn(app);

    // Discovery gave the issuer's authorization endpoint; the request is OIDC with PKCE.
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(
      `${oidc?.issuer}/authorize`,
    );
    expect(authorizationUrl.searchParams.get('client_id')).toBe('shop-client-id');
    expect(authorizationUrl.searchParams.get('scope')?.split(' ').sort()).toEqual([
      'email',
      'openid',
      'profile',
    ]);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();

    expect(callback.statusCode).toBe(302);
    // Relative to the callback's own address, which is PUBLIC_URL.
    expect(callback.headers.location).toBe('/auth/popup-complete');
    expect(hasSessionCookie(callback)).toBe(true);
    expect(await sessionUser(app, cookie)).toMatchObject({
      email: gina.email,
      name: 'GINA GOOGLE',
      emailVerified: true,
    });
    const [account] = await app.db
      .select()
      .from(authAccounts)
      .where(eq(authAccounts.providerId, 'google'));
    expect(account?.accountId).toBe(gina.sub);

    // The session is good for the shop token like any other.
    expect(await shopToken(app, gina.email, cookie)).toMatch(/^ey/);
  });

  it('signs the same account in again instead of making a second one', async () => {
    const app = await build();
    await googleSignIn(app);
    const { callback } = await googleSignIn(app);
    expect(hasSessionCookie(callback)).toBe(true);
    expect(await app.db.select().from(authUsers)).toHaveLength(1);
  });

  it('reads the profile from userinfo when the id token carries only the subject', async () => {
    oidc = await startOidcStandIn(gina, { idTokenClaims: 'sub-only' });
    const app = await build();
    const { cookie } = await googleSignIn(app);
    expect(await sessionUser(app, cookie)).toMatchObject({
      email: gina.email,
      name: 'GINA GOOGLE',
    });
  });

  it('accepts the Better Auth 1.6 path /sign-in/oauth2 with providerId', async () => {
    const app = await build();
    const { callback, cookie } = await googleSignIn(app, {
      route: api.auth.signInOAuth2,
      body: { providerId: 'google', callbackURL: '/auth/popup-complete', disableRedirect: true },
    });
    expect(callback.statusCode).toBe(302);
    expect(await sessionUser(app, cookie)).toMatchObject({ email: gina.email });
  });

  it('does not join Google to a password account whose email nobody verified', async () => {
    // Sign-up does not verify emails, so anyone could have signed up with Gina's address first;
    // joining would let that person keep a password into Gina's account.
    const app = await build();
    await signUp(app, { name: 'Gina Password', email: gina.email, password: 'Gina#2026' });
    const { callback } = await googleSignIn(app, {
      route: api.auth.signInSocial,
      body: {
        provider: 'google',
        callbackURL: '/auth/popup-complete',
        errorCallbackURL: '/auth/popup-complete',
        disableRedirect: true,
      },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/auth/popup-complete?error=account_not_linked');
    expect(hasSessionCookie(callback)).toBe(false);
    expect(await app.db.select().from(authAccounts)).toHaveLength(1);
  });

  it.each([
    [true, true],
    [false, false],
  ])(
    'an ADMIN_EMAILS Google account whose email_verified is %s is an admin: %s',
    async (verified, admin) => {
      oidc = await startOidcStandIn({ ...gina, email_verified: verified });
      const app = await build({ ADMIN_EMAILS: gina.email });
      const { cookie } = await googleSignIn(app);
      expect((await sessionUser(app, cookie))?.emailVerified).toBe(verified);
      const token = await shopToken(app, gina.email, cookie);
      const answer = await inject(
        app,
        api.identity.adminStatus,
        { params: { email: gina.email } },
        { headers: bearer(token) },
      );
      expect(answer.json()).toEqual({ admin });
    },
  );

  it('refuses a callback that does not belong to a sign-in this browser started', async () => {
    const app = await build();
    const started = await authPost(app, api.auth.signInSocial, {
      provider: 'google',
      callbackURL: '/auth/popup-complete',
      disableRedirect: true,
    });
    const authorize = await fetch(started.json<{ url: string }>().url, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location') ?? '');
    // No cookies from the start: another browser replaying the link.
    const replay = await app.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toMatch(/error=/);
    expect(hasSessionCookie(replay)).toBe(false);
  });

  it('answers 404 PROVIDER_NOT_FOUND when Google is not configured', async () => {
    t = await buildTestApp(kind, { env: { SEED_DEMO_DATA: 'false' } });
    const response = await authPost(t, api.auth.signInSocial, {
      provider: 'google',
      callbackURL: '/auth/popup-complete',
      disableRedirect: true,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'PROVIDER_NOT_FOUND' });
  });
});
