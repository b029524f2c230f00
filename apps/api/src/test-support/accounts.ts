import type { TestApp } from './build-test-app.js';
import { bearer, newUser, shopToken, signUp, type TestUser } from './identity.js';
import { makeAdmin, markEmailVerified } from '../modules/users/service.js';

export interface SignedIn {
  user: TestUser;
  /** The Better Auth session cookie. */
  cookie: string;
  /** The shop token, as the web app keeps it in localStorage.accessToken. */
  token: string;
  /** `Authorization: Bearer <token>`. */
  headers: { authorization: string };
}

/**
 * A new person signed up through Better Auth and holding a shop token, as the web app is after
 * login, with the address verified (`verified: false` leaves it not); `admin: true` promotes
 * them first (make-admin), so the token is an admin's.
 */
export async function signedIn(
  t: TestApp,
  {
    admin = false,
    verified = true,
    ...overrides
  }: Partial<TestUser> & { admin?: boolean; verified?: boolean } = {},
): Promise<SignedIn> {
  const { user, cookie } = await signUp(t, newUser(overrides));
  // An admin right is in force only for a verified address (decision 010), and an unverified
  // account holds one unpaid purchase (DESIGN section 9): most tests are about verified people.
  if (verified || admin) await markEmailVerified(t.db, user.email);
  if (admin) await makeAdmin(t.db, user.email);
  const token = await shopToken(t, user.email, cookie);
  return { user, cookie, token, headers: bearer(token) };
}

/** Test env: many sign-ups from one address in one minute are the tests, not an attack. */
export const MANY_SIGN_UPS = { AUTH_RATE_LIMIT_MAX: '1000' } as const;
