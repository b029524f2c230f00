import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { api, authErrorSchema, messages } from '@shop/shared';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  tempDir,
  testDatabases,
  type TestApp,
} from '../test-support/build-test-app.js';
import { authPost, newUser, signIn, signUp } from '../test-support/identity.js';
import { inject } from '../test-support/inject.js';
import { firstLinkIn, startSmtpServer, type TestSmtpServer } from '../test-support/mail.js';

const NEW_PASSWORD = 'Fresh#2027';
const ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

describe.each(testDatabases())('password reset on %s', (kind) => {
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

  const requestReset = (app: TestApp, email: string) =>
    authPost(app, api.auth.requestPasswordReset, { email, redirectTo: '/reset-password' });

  it('sends the link by SMTP; the link leads to /reset-password, which sets the new password', async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url, SEED_DEMO_DATA: 'false' } });
    const { user, cookie: oldSession } = await signUp(t);
    // Sign-up sends the verification email first; the reset email comes next.
    expect((await smtp.nextMessage()).subject).toBe('Confirm your PartsWorks email address');

    const requested = await requestReset(t, user.email);
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json()).toEqual(ANSWER);

    const mail = await smtp.nextMessage();
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(user.email);
    expect(mail.from?.text).toBe('"PartsWorks" <no-reply@partsworks.example>');
    expect(mail.subject).toBe('Reset your PartsWorks password');
    const link = firstLinkIn(mail.text);
    expect(mail.html).toContain(link.href.replace(/&/g, '&#38;'));
    // Better Auth's own link on the shop's public address, which redirects to the web page.
    expect(link.origin).toBe(t.config.publicUrl);
    // raw-api-path: Better Auth makes the reset link up and serves it; no contract names it.
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[A-Za-z0-9]+$/);

    const followed = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(followed.statusCode).toBe(302);
    const page = new URL(followed.headers.location as string);
    expect(`${page.origin}${page.pathname}`).toBe(`${t.config.publicUrl}/reset-password`);
    const token = page.searchParams.get('token');
    expect(token).toBeTruthy();

    // The page sends the new password with the token; SPEC's rule applies to it too.
    const weak = await authPost(t, api.auth.resetPassword, { token, newPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(authErrorSchema.parse(weak.json())).toEqual({
      code: 'INVALID_PASSWORD',
      message: messages.invalidPassword,
    });
    const reset = await authPost(t, api.auth.resetPassword, { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ status: true });

    const again = await authPost(t, api.auth.resetPassword, { token, newPassword: 'Other#2027' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    const old = await authPost(t, api.auth.signIn, { email: user.email, password: user.password });
    expect(old.statusCode).toBe(401);
    const fresh = await signIn(t, { email: user.email, password: NEW_PASSWORD });
    expect(fresh).toMatch(/session_token=/);
    // The sessions from before the reset are over.
    const before = await inject(t, api.auth.session, {}, { cookie: oldSession });
    expect(before.json()).toBeNull();
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url, SEED_DEMO_DATA: 'false' } });
    const unknown = await requestReset(t, 'nobody@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(ANSWER);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(0);
  });

  it('answers the same when the SMTP server is down, without telling whether the address exists', async () => {
    const down = await startSmtpServer();
    const url = down.url;
    await down.close();
    t = await buildTestApp(kind, { env: { SMTP_URL: url, SEED_DEMO_DATA: 'false' } });
    const { user } = await signUp(t);
    const known = await requestReset(t, user.email);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(ANSWER);
  });

  it('writes the email to DATA_DIR/outbox when SMTP_URL is unset', async () => {
    const data = await tempDir('shop-outbox-');
    cleanups.push(data.remove);
    t = await buildTestApp(kind, { env: { DATA_DIR: data.dir, SEED_DEMO_DATA: 'false' } });
    const { user } = await signUp(t);
    expect((await requestReset(t, user.email)).statusCode).toBe(200);

    const outbox = path.join(data.dir, 'outbox');
    const files = await readdir(outbox);
    // The verification email of the sign-up, and the reset email.
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const mails = await Promise.all(
      files.map(async (file) => simpleParser(await readFile(path.join(outbox, file)))),
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Confirm your PartsWorks email address',
      'Reset your PartsWorks password',
    ]);
    const mail = mails.find((m) => m.subject === 'Reset your PartsWorks password')!;
    const link = firstLinkIn(mail.text);
    const followed = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toMatch(/\/reset-password\?token=/);
  });

  it('sends a bad or used link to /reset-password?error=INVALID_TOKEN', async () => {
    t = await buildTestApp(kind, { env: { SEED_DEMO_DATA: 'false' } });
    // raw-api-path: a reset link as an email would carry it; Better Auth makes these links up
    // itself, so no contract names them.
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `${t.config.publicUrl}/reset-password?error=INVALID_TOKEN`,
    );
  });

  it('refuses a redirectTo on a site the shop does not trust', async () => {
    t = await buildTestApp(kind, { env: { SEED_DEMO_DATA: 'false' } });
    const { user } = await signUp(t, newUser());
    const response = await authPost(t, api.auth.requestPasswordReset, {
      email: user.email,
      redirectTo: 'https://evil.example/reset-password',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'INVALID_REDIRECT_URL' });
  });
});
