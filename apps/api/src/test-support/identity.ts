import { randomBytes } from 'node:crypto';
import { api, type Callable, type EndpointSpec } from '@shop/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.js';
import { inject, injectUnchecked, type Who } from './inject.js';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** A new person whose email passes SPEC's rule (lowercase letters and digits only). */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const tag = randomBytes(5)
    .toString('hex')
    .replace(/[^a-z0-9]/g, '');
  return {
    name: 'Pat Buyer',
    email: `pat${tag}@example.com`,
    password: 'Parts#2026',
    ...overrides,
  };
}

/**
 * The session cookies an answer sets, as a Cookie header. Better Auth deletes a cookie by
 * setting it empty; those are left out.
 */
export function cookiesOf(response: LightMyRequestResponse, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name) jar.set(name, rest.join('='));
  }
  for (const cookie of response.cookies) {
    if (cookie.value === '' || cookie.maxAge === 0) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export const hasSessionCookie = (response: LightMyRequestResponse) =>
  response.cookies.some((c) => c.name.endsWith('session_token') && c.value !== '');

/**
 * A POST to Better Auth as the web app makes it: JSON, from the shop's own origin (Better Auth
 * checks the Origin of cookie-carrying requests). The payload is sent as it is, so a test may
 * send what the contract refuses.
 */
export function authPost<E extends EndpointSpec>(
  t: TestApp,
  route: Callable<E>,
  payload: unknown,
  who: Who = {},
) {
  return injectUnchecked(t, route, { body: payload }, who);
}

/** Signs a new user up through Better Auth; answers the user and its session cookie. */
export async function signUp(t: TestApp, user: TestUser = newUser(), who: Who = {}) {
  const response = await inject(t, api.auth.signUp, { body: user }, who);
  expect(response.statusCode, response.body).toBe(200);
  return { user, cookie: cookiesOf(response) };
}

export async function signIn(
  t: TestApp,
  credentials: { email: string; password: string },
  who: Who = {},
) {
  const response = await inject(t, api.auth.signIn, { body: credentials }, who);
  expect(response.statusCode, response.body).toBe(200);
  return cookiesOf(response);
}

/** PUT /user/{email} with the session cookie: the shop token. */
export async function shopToken(t: TestApp, email: string, cookie: string): Promise<string> {
  const response = await inject(
    t,
    api.identity.issueToken,
    { params: { email }, body: { email } },
    { cookie },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
