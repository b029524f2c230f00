import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { api, apiPath, type ApiErrorBody } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { DEMO_ACCOUNTS_FILE, parseDemoAccounts, seedDemoData } from '../seed/seed.js';
import { authSessions, users } from '../db/schema.js';
import { demoUsers } from '../seed/seed-data.js';
import { makeAdmin, markEmailVerified } from '../modules/users/service.js';
import {
  buildTestApp,
  tempDir,
  testDatabases,
  type TestApp,
} from '../test-support/build-test-app.js';
import { authPost, bearer, newUser, shopToken, signIn, signUp } from '../test-support/identity.js';
import { inject } from '../test-support/inject.js';
import { firstLinkIn, startSmtpServer, type TestSmtpServer } from '../test-support/mail.js';
import { guardMessages } from './guards.js';
import { EMAIL_VERIFIED_PAGE } from './auth.js';

/**
 * Safe by default (decision 010): no published passwords in production, no admin right for an
 * unverified address, and shop tokens that end with their session.
 */

const isAdmin = async (t: TestApp, email: string, token: string) => {
  const response = await inject(
    t,
    api.identity.adminStatus,
    { params: { email } },
    { headers: bearer(token) },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().admin;
};

/** An admin-only call: 200 for an admin in force, 403 for anyone else signed in. */
const listUsers = (t: TestApp, token: string) =>
  inject(t, api.users.list, {}, { headers: bearer(token) });

const verificationLink = (mail: ParsedMail) => firstLinkIn(mail.text);

/** Opens the verification link as a browser would: Better Auth verifies, then redirects. */
async function openLink(t: TestApp, link: URL, cookie = '') {
  return t.app.inject({
    method: 'GET',
    url: `${link.pathname}${link.search}`,
    headers: cookie ? { cookie } : {},
  });
}

describe('demo account passwords', () => {
  it('are random in production and published (fixed) elsewhere, unless DEMO_PASSWORDS says', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoPasswords).toBe('random');
    expect(loadConfig({}).demoPasswords).toBe('fixed');
    expect(loadConfig({ NODE_ENV: 'test' }).demoPasswords).toBe('fixed');
    expect(loadConfig({ NODE_ENV: 'production', DEMO_PASSWORDS: 'fixed' }).demoPasswords).toBe(
      'fixed',
    );
    expect(() => loadConfig({ DEMO_PASSWORDS: 'published' })).toThrow(/DEMO_PASSWORDS/);
  });
});

describe.each(testDatabases())('safe by default on %s', (kind) => {
  let t: TestApp | undefined;
  let smtp: TestSmtpServer | undefined;
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
    for (const cleanup of cleanups.splice(0)) await cleanup();
    t = undefined;
    smtp = undefined;
  });

  describe('random demo passwords', () => {
    it('are written once to DATA_DIR/demo-accounts.txt (mode 600); the published ones do not sign in', async () => {
      const data = await tempDir('shop-demo-accounts-');
      cleanups.push(data.remove);
      t = await buildTestApp(kind, {
        env: { DEMO_PASSWORDS: 'random', DATA_DIR: data.dir, AUTH_RATE_LIMIT_MAX: '1000' },
      });
      const file = path.join(data.dir, DEMO_ACCOUNTS_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const accounts = parseDemoAccounts(await readFile(file, 'utf8'));
      expect(accounts.map(({ role, email }) => [role, email])).toEqual(
        demoUsers.map(({ admin, email }) => [admin ? 'admin' : 'customer', email]),
      );

      for (const account of accounts) {
        const published = demoUsers.find((demo) => demo.email === account.email)!;
        expect(account.password).not.toBe(published.password);
        expect(account.password).toMatch(/^[A-Za-z0-9!@#$%^&*]{16}$/);
        const refused = await authPost(t, api.auth.signIn, {
          email: published.email,
          password: published.password,
        });
        expect(refused.statusCode).toBe(401);
        const cookie = await signIn(t, account);
        const token = await shopToken(t, account.email, cookie);
        // The demo admin's address counts as verified: it is an admin from the first sign-in.
        expect(await isAdmin(t, account.email, token)).toBe(account.role === 'admin');
      }
      // The two passwords differ, and a restart makes none (the file is not rewritten).
      expect(new Set(accounts.map((a) => a.password)).size).toBe(accounts.length);
      const before = await readFile(file, 'utf8');
      const again = await seedDemoData(t.db, t.app.identity.auth, {
        demoPasswords: 'random',
        dataDir: data.dir,
      });
      expect(again.accounts).toEqual([]);
      expect(await readFile(file, 'utf8')).toBe(before);
      // Seeding hashes each demo password (scrypt) inside the test, which takes longer than the
      // default cap on a loaded machine: a longer cap, never a fixed wait.
    }, 120_000);
  });

  describe('admin rights need a verified address', () => {
    const adminEmail = 'chief@example.com';

    it('an ADMIN_EMAILS sign-up is no admin until the link in its verification email is opened', async () => {
      smtp = await startSmtpServer();
      t = await buildTestApp(kind, {
        env: { SMTP_URL: smtp.url, SEED_DEMO_DATA: 'false', ADMIN_EMAILS: adminEmail },
      });
      const { user, cookie } = await signUp(t, newUser({ email: adminEmail }));
      const token = await shopToken(t, user.email, cookie);
      expect(await isAdmin(t, user.email, token)).toBe(false);
      expect((await listUsers(t, token)).statusCode).toBe(403);

      const mail = await smtp.nextMessage();
      expect(mail.subject).toBe('Confirm your PartsWorks email address');
      const link = verificationLink(mail);
      expect(link.origin).toBe(t.config.publicUrl);
      expect(link.pathname).toBe(apiPath(api.auth.verifyEmail));
      expect(link.searchParams.get('callbackURL')).toBe(
        `${t.config.publicUrl}${EMAIL_VERIFIED_PAGE}`,
      );

      const opened = await openLink(t, link);
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(`${t.config.publicUrl}${EMAIL_VERIFIED_PAGE}`);
      // The same token, next request: the right is in force now.
      expect(await isAdmin(t, user.email, token)).toBe(true);
      expect((await listUsers(t, token)).statusCode).toBe(200);
    });

    it('a bad or used link lands on the page with the reason, and changes nothing', async () => {
      smtp = await startSmtpServer();
      t = await buildTestApp(kind, {
        env: { SMTP_URL: smtp.url, SEED_DEMO_DATA: 'false', ADMIN_EMAILS: adminEmail },
      });
      const { user, cookie } = await signUp(t, newUser({ email: adminEmail }));
      const token = await shopToken(t, user.email, cookie);
      const link = verificationLink(await smtp.nextMessage());
      link.searchParams.set('token', `${link.searchParams.get('token')}x`);
      const opened = await openLink(t, link);
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(
        `${t.config.publicUrl}${EMAIL_VERIFIED_PAGE}?error=INVALID_TOKEN`,
      );
      expect(await isAdmin(t, user.email, token)).toBe(false);
    });

    it('"resend" sends a new link to a signed-in unverified person, which verifies', async () => {
      smtp = await startSmtpServer();
      t = await buildTestApp(kind, {
        env: { SMTP_URL: smtp.url, SEED_DEMO_DATA: 'false', ADMIN_EMAILS: adminEmail },
      });
      const { user, cookie } = await signUp(t, newUser({ email: adminEmail }));
      await smtp.nextMessage();
      const resent = await authPost(
        t,
        api.auth.sendVerificationEmail,
        { email: user.email, callbackURL: '/' },
        { cookie },
      );
      expect(resent.statusCode, resent.body).toBe(200);
      const link = verificationLink(await smtp.nextMessage());
      expect((await openLink(t, link)).statusCode).toBe(302);
      const token = await shopToken(t, user.email, cookie);
      expect(await isAdmin(t, user.email, token)).toBe(true);
    });

    it('make-admin before sign-up grants a right that waits for the address to be verified', async () => {
      smtp = await startSmtpServer();
      t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url, SEED_DEMO_DATA: 'false' } });
      await makeAdmin(t.db, 'squatter@example.com');
      const { user, cookie } = await signUp(t, newUser({ email: 'squatter@example.com' }));
      const token = await shopToken(t, user.email, cookie);
      expect(await isAdmin(t, user.email, token)).toBe(false);
      await openLink(t, verificationLink(await smtp.nextMessage()));
      expect(await isAdmin(t, user.email, token)).toBe(true);
    });

    it('an unverified customer may still order (SPEC: sign up, then buy)', async () => {
      smtp = await startSmtpServer();
      t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url } });
      const { user, cookie } = await signUp(t);
      const token = await shopToken(t, user.email, cookie);
      const [product] = (await inject(t, api.catalog.list)).json();
      const body = {
        productId: product!._id,
        quantity: product!.minimum,
        number: '+(555) 123-4567',
        address: '12 Harbour Road, Springfield',
      };
      const ordered = await inject(t, api.orders.place, { body }, { headers: bearer(token) });
      expect(ordered.statusCode, ordered.body).toBe(201);
    });
  });

  describe('shop tokens end with their session', () => {
    const customerApp = async () => {
      t = await buildTestApp(kind, {
        env: { SEED_DEMO_DATA: 'false', AUTH_RATE_LIMIT_MAX: '1000' },
      });
      return t;
    };
    const myOrders = (app: TestApp, email: string, token: string) =>
      inject(app, api.orders.listOwn, { query: { email } }, { headers: bearer(token) });

    it('sign-out: the token of that session answers 401 at once; another session keeps its own', async () => {
      const app = await customerApp();
      const { user, cookie } = await signUp(app);
      const token = await shopToken(app, user.email, cookie);
      const otherCookie = await signIn(app, user);
      const otherToken = await shopToken(app, user.email, otherCookie);
      expect((await myOrders(app, user.email, token)).statusCode).toBe(200);

      const signedOut = await authPost(app, api.auth.signOut, {}, { cookie });
      expect(signedOut.statusCode, signedOut.body).toBe(200);
      const refused = await myOrders(app, user.email, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json<ApiErrorBody>().message).toBe(guardMessages.ended);
      expect((await myOrders(app, user.email, otherToken)).statusCode).toBe(200);
    });

    it('password reset: every token of the account answers 401', async () => {
      smtp = await startSmtpServer();
      t = await buildTestApp(kind, {
        env: { SMTP_URL: smtp.url, SEED_DEMO_DATA: 'false', AUTH_RATE_LIMIT_MAX: '1000' },
      });
      const { user, cookie } = await signUp(t);
      await smtp.nextMessage(); // the verification email
      const token = await shopToken(t, user.email, cookie);
      await authPost(t, api.auth.requestPasswordReset, {
        email: user.email,
        redirectTo: '/reset-password',
      });
      const resetLink = verificationLink(await smtp.nextMessage());
      const resetToken = resetLink.pathname.split('/').pop();
      const reset = await authPost(t, api.auth.resetPassword, {
        token: resetToken,
        newPassword: 'Fresh#2027',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const refused = await myOrders(t, user.email, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json<ApiErrorBody>().message).toBe(guardMessages.ended);
    });

    it('an expired session: its token answers 401 even within the token lifetime', async () => {
      const app = await customerApp();
      const { user, cookie } = await signUp(app);
      const token = await shopToken(app, user.email, cookie);
      await app.db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) });
      expect((await myOrders(app, user.email, token)).statusCode).toBe(401);
    });

    it('demotion: an admin whose right is withdrawn loses admin on the next request', async () => {
      const app = await customerApp();
      const { user, cookie } = await signUp(app);
      await markEmailVerified(app.db, user.email);
      await makeAdmin(app.db, user.email);
      const token = await shopToken(app, user.email, cookie);
      expect((await listUsers(app, token)).statusCode).toBe(200);
      await app.db.update(users).set({ role: false }).where(eq(users.email, user.email));
      expect((await listUsers(app, token)).statusCode).toBe(403);
    });
  });
});
