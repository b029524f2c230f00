import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { api, signInForToken, signUpForToken } from '@shop/shared';
import { shopApi } from './api';
import { dataDir } from './env';

interface DemoAccount {
  email: string;
  password: string;
}

/**
 * The demo accounts the seed creates. The shop runs as `npm start` does (production), so their
 * passwords are random, shown once and kept in DATA_DIR/demo-accounts.txt (README "Demo
 * accounts"): the tests sign in with what that file says, as the shop's owner would.
 */
function demoAccount(role: 'admin' | 'customer'): DemoAccount {
  const text = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8');
  const line = text.split('\n').find((row) => row.startsWith(`${role}\t`));
  const [, email, password] = line?.split('\t') ?? [];
  if (!email || !password) throw new Error(`No ${role} in ${dataDir}/demo-accounts.txt`);
  return { email, password };
}

/** Read when first used: the file exists only once the shop has started. */
const lazyAccount = (role: 'admin' | 'customer'): DemoAccount => ({
  get email() {
    return demoAccount(role).email;
  },
  get password() {
    return demoAccount(role).password;
  },
});

export const demoAdmin = lazyAccount('admin');
export const demoCustomer = lazyAccount('customer');
/** The README's published demo passwords, which a production start must not accept. */
export const publishedDemoPasswords = { admin: 'Admin#2026', customer: 'Buyer#2026' };

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** A new customer with an address that passes SPEC's email rule (lowercase letters and digits). */
export function newUser(): TestUser {
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`.replace(
    /[^a-z0-9]/g,
    '',
  );
  return { name: 'Pat Buyer', email: `pat${tag}@example.com`, password: 'Parts#2026' };
}

/**
 * Signs a user up through Better Auth and trades the session for a shop token, as the web app
 * does after its sign-up form (packages/shared's signUpForToken), leaving the session cookie in
 * the page's browser context, so a test that is not about the login form does not click
 * through it. Answers the user with their shop token.
 */
export async function signUpViaApi(
  page: Page,
  user: TestUser = newUser(),
): Promise<TestUser & { token: string }> {
  const { token } = await signUpForToken(shopApi(page.request), api, user);
  return { ...user, token };
}

/** Signs a user in the same way; answers their shop token. */
export async function signInViaApi(
  page: Page,
  user: { email: string; password: string },
): Promise<string> {
  return (await signInForToken(shopApi(page.request), api, user)).token;
}
