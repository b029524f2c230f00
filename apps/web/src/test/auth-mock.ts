import { routes } from 'virtual:api-routes';
import { answer, handle, type Mock, type MockHandler, type Reply } from './fetch-mock';

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

/** What Better Auth's session endpoint answers for a signed-in user. */
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

/** The statuses a Better Auth endpoint may fail with (packages/shared/src/api/auth.ts). */
type AuthFailureStatus = 400 | 401 | 403 | 422 | 429;

/** A Better Auth error answer: the code is what the forms show. */
export const authFailure = <S extends AuthFailureStatus>(status: S, code: string) => ({
  status,
  body: { code, message: code.toLowerCase().replaceAll('_', ' ') },
});

const notThisUser = {
  status: 403,
  body: { statusCode: 403, error: 'Forbidden', message: 'The session belongs to another user.' },
} as const;

/**
 * The shop calls of the session's users: the shop token and the admin check, for each user
 * `users()` knows (a function, so users who sign up during the test are known too).
 */
export function shopMocks(users: () => readonly TestUser[]): Mock[] {
  const find = (email: string) => users().find((user) => user.email === email);
  return [
    handle(routes.identity.issueToken, ({ params }) => {
      const user = find(params.email);
      return user ? { status: 200, body: { token: fakeToken(user.email) } } : notThisUser;
    }),
    handle(routes.identity.adminStatus, ({ params }) => {
      const user = find(params.email);
      return user ? { status: 200, body: { admin: user.admin ?? false } } : notThisUser;
    }),
  ];
}

/** Mocks for a browser whose session cookie belongs to `user`. */
export function signedIn(user: TestUser): Mock[] {
  return [answer(routes.auth.session, 200, sessionAnswer(user)), ...shopMocks(() => [user])];
}

type SignInReply = Reply<typeof routes.auth.signIn>;

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
  const signInAnswer = (user: TestUser): SignInReply => ({
    status: 200,
    body: { redirect: false, token: 'session-token', user: sessionAnswer(user).user },
  });

  /** The session of whoever is signed in now; a test may wrap it to hold the answer back. */
  const session: MockHandler<typeof routes.auth.session> = () => ({
    status: 200,
    body: current ? sessionAnswer(current) : null,
  });

  const mocks: Mock[] = [
    handle(routes.auth.session, session),
    handle(routes.auth.signIn, ({ body }) => {
      const user = known.find((u) => u.email === body.email && u.password === body.password);
      if (!user) return authFailure(401, 'INVALID_EMAIL_OR_PASSWORD');
      current = user;
      return signInAnswer(user);
    }),
    handle(routes.auth.signUp, ({ body }) => {
      if (known.some((u) => u.email === body.email)) {
        return authFailure(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
      }
      const user: TestUser = { ...body, name: body.name.toUpperCase() };
      known.push(user);
      current = user;
      return signInAnswer(user);
    }),
    handle(routes.auth.signOut, () => {
      current = null;
      return { status: 200, body: { success: true } };
    }),
    ...shopMocks(() => known),
  ];

  return {
    mocks,
    session,
    get current() {
      return current;
    },
  };
}
