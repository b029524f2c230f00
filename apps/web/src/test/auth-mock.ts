import type { MockAnswer, MockHandler } from './fetch-mock';

export interface TestUser {
  email: string;
  /** As Better Auth stores it: signup uppercases it. */
  name: string;
  password?: string;
  admin?: boolean;
  /** Whether the address is verified; true unless a test is about an unverified one. */
  emailVerified?: boolean;
}

export const customer: TestUser = {
  email: 'buyer@example.com',
  name: 'JANE BUYER',
  password: 'Buyer#2026',
};
export const admin: TestUser = {
  email: 'boss@example.com',
  name: 'ALEX ADMIN',
  password: 'Admin#2026',
  admin: true,
};

/** A token shaped like the server's JWT, with the `email` claim the web app reads. */
export function fakeToken(email: string, n = 1): string {
  const payload = btoa(JSON.stringify({ sub: 'user-1', email, n })).replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature-${n}`;
}

/** What Better Auth's GET /auth/get-session answers for a signed-in user. */
export function sessionAnswer(user: TestUser) {
  const now = new Date().toISOString();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  return {
    session: {
      id: 'session-1',
      userId: 'user-1',
      token: 'session-token',
      expiresAt: tomorrow,
      createdAt: now,
      updatedAt: now,
    },
    user: {
      id: 'user-1',
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified ?? true,
      image: null,
      createdAt: now,
      updatedAt: now,
    },
  };
}

export const tokenPath = (email: string) => `/user/${encodeURIComponent(email)}`;
export const adminPath = (email: string) => `/admin/${encodeURIComponent(email)}`;

/** A Better Auth error answer: the code is what the forms show. */
export const authFailure = (status: number, code: string): MockAnswer => ({
  status,
  body: { code, message: code.toLowerCase().replaceAll('_', ' ') },
});

/** The shop calls of one user: PUT /user/{email} and GET /admin/{email}. */
export function shopHandlers(user: TestUser): Record<string, MockAnswer> {
  return {
    [`PUT ${tokenPath(user.email)}`]: { body: { token: fakeToken(user.email) } },
    [`GET ${adminPath(user.email)}`]: { body: { admin: user.admin ?? false } },
  };
}

/** mockApi handlers for a browser whose session cookie belongs to `user`. */
export function signedIn(user: TestUser): Record<string, MockAnswer> {
  return { 'GET /auth/get-session': { body: sessionAnswer(user) }, ...shopHandlers(user) };
}

/**
 * A small stand-in for the identity server that remembers who is signed in: email sign-in
 * and sign-up, sign-out, the session, and each known user's shop token and admin answer.
 */
export function fakeAuthServer({
  users = [customer, admin],
  signedInAs = null,
}: { users?: TestUser[]; signedInAs?: TestUser | null } = {}) {
  let current: TestUser | null = signedInAs;
  const known = [...users];
  const signInAnswer = (user: TestUser): MockAnswer => ({
    body: { redirect: false, token: 'session-token', user: sessionAnswer(user).user },
  });

  const handlers: Record<string, MockHandler | MockAnswer> = {
    'GET /auth/get-session': () => ({ body: current ? sessionAnswer(current) : null }),
    'POST /auth/sign-in/email': ({ body }) => {
      const { email, password } = body as { email: string; password: string };
      const user = known.find((u) => u.email === email && u.password === password);
      if (!user) return authFailure(401, 'INVALID_EMAIL_OR_PASSWORD');
      current = user;
      return signInAnswer(user);
    },
    'POST /auth/sign-up/email': ({ body }) => {
      const input = body as { name: string; email: string; password: string };
      if (known.some((u) => u.email === input.email)) {
        return authFailure(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
      }
      const user: TestUser = { ...input, name: input.name.toUpperCase() };
      // Its shop calls are the test's to mock (shopHandlers): mockApi's keys are fixed.
      known.push(user);
      current = user;
      return signInAnswer(user);
    },
    'POST /auth/sign-out': () => {
      current = null;
      return { body: { success: true } };
    },
  };
  for (const user of known) Object.assign(handlers, shopHandlers(user));

  return {
    handlers,
    get current() {
      return current;
    },
  };
}
