import { api, type ApiErrorBody } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test-support/build-test-app.js';
import {
  authPost,
  bearer,
  cookiesOf,
  shopToken,
  signIn,
  signUp,
} from '../test-support/identity.js';
import { inject } from '../test-support/inject.js';
import { guardMessages } from './guards.js';

const NEW_PASSWORD = 'Fresh#2027';

/**
 * Changing a password ends the account's other sessions and their shop tokens (issue 27): whoever
 * signed in with the old password is out; the browser that changed it stays signed in.
 */
describe.each(testDatabases())('password change on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { SEED_DEMO_DATA: 'false', AUTH_RATE_LIMIT_MAX: '1000' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const myOrders = (email: string, token: string) =>
    inject(t, api.orders.listOwn, { query: { email } }, { headers: bearer(token) });
  const sessionOf = async (cookie: string) =>
    (await inject(t, api.auth.session, {}, { cookie })).json<{
      session: { id: string };
    } | null>();

  /** One account signed in on three browsers, each with its shop token. */
  async function threeBrowsers() {
    const { user, cookie } = await signUp(t);
    const others = [await signIn(t, user), await signIn(t, user)];
    const browsers = [];
    for (const each of [cookie, ...others]) {
      browsers.push({ cookie: each, token: await shopToken(t, user.email, each) });
    }
    for (const { token } of browsers)
      expect((await myOrders(user.email, token)).statusCode).toBe(200);
    return { user, here: browsers[0]!, elsewhere: browsers.slice(1) };
  }

  it("ends the other sessions and their shop tokens; the changing browser's session and token keep working", async () => {
    const { user, here, elsewhere } = await threeBrowsers();
    const changed = await authPost(
      t,
      api.auth.changePassword,
      { currentPassword: user.password, newPassword: NEW_PASSWORD },
      { cookie: here.cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);

    for (const { cookie, token } of elsewhere) {
      const refused = await myOrders(user.email, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json<ApiErrorBody>().message).toBe(guardMessages.ended);
      expect(await sessionOf(cookie)).toBeNull();
    }
    expect((await myOrders(user.email, here.token)).statusCode).toBe(200);
    expect(await sessionOf(cookiesOf(changed, here.cookie))).not.toBeNull();
    expect(await shopToken(t, user.email, here.cookie)).toEqual(expect.any(String));

    const old = await authPost(t, api.auth.signIn, { email: user.email, password: user.password });
    expect(old.statusCode).toBe(401);
    await signIn(t, { email: user.email, password: NEW_PASSWORD });
  });

  it('a refused change (wrong current password) ends nothing', async () => {
    const { user, here, elsewhere } = await threeBrowsers();
    const refused = await authPost(
      t,
      api.auth.changePassword,
      { currentPassword: 'Wrong#2027', newPassword: NEW_PASSWORD },
      { cookie: here.cookie },
    );
    expect(refused.statusCode).toBe(400);
    for (const { cookie, token } of [here, ...elsewhere]) {
      expect((await myOrders(user.email, token)).statusCode).toBe(200);
      expect(await sessionOf(cookie)).not.toBeNull();
    }
  });

  it("with Better Auth's revokeOtherSessions every old session ends and the caller gets a new one", async () => {
    const { user, here, elsewhere } = await threeBrowsers();
    const changed = await authPost(
      t,
      api.auth.changePassword,
      { currentPassword: user.password, newPassword: NEW_PASSWORD, revokeOtherSessions: true },
      { cookie: here.cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    for (const { token } of [here, ...elsewhere]) {
      expect((await myOrders(user.email, token)).statusCode).toBe(401);
    }
    const renewed = cookiesOf(changed, here.cookie);
    expect(await sessionOf(renewed)).not.toBeNull();
    const token = await shopToken(t, user.email, renewed);
    expect((await myOrders(user.email, token)).statusCode).toBe(200);
  });
});
