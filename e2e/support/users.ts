import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { baseURL } from './env';

/** The demo accounts the seed creates (README "Demo accounts"). */
export const demoAdmin = { email: 'admin@partsworks.com', password: 'Admin#2026' };
export const demoCustomer = { email: 'buyer@partsworks.com', password: 'Buyer#2026' };

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
 * Signs a user up through the identity API and leaves the session cookie in the page's browser
 * context, so a test that is not about the login form does not click through it.
 */
export async function signUpViaApi(page: Page, user: TestUser = newUser()): Promise<TestUser> {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: user,
    headers: { origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return user;
}

export async function signInViaApi(page: Page, user: { email: string; password: string }) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: user,
    headers: { origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
