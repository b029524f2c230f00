import type * as auth from './auth.js';
import {
  urlOf,
  type AnswerOf,
  type Callable,
  type EndpointSpec,
  type InputOf,
  type StatusOf,
} from './contract.js';
import type * as identity from './identity.js';

/**
 * A typed client of the shop API for the programs around the web app: end-to-end support,
 * scripts, tests that run the server as a process. It builds each request from a contract (or
 * its zod-free route) and answers the status, the body and the headers without throwing on a
 * 4xx, since its callers check statuses. It never parses with zod: it imports no schema.
 */

/** Where the server mounts the API: a contract's path is relative to it. */
export const API_PREFIX = '/api';

/** Where Better Auth is mounted under the API: every path of `api.auth` starts with it. */
export const AUTH_PREFIX = '/auth';

/** The path of a call on the shop's origin: `/api` and the contract's path with its input. */
export function apiPath(
  route: { path: string },
  input: { params?: unknown; query?: unknown } = {},
): string {
  return `${API_PREFIX}${urlOf(route, input)}`;
}

/** The same fetch signature Node, browsers and Playwright's adapter (e2e/support) offer. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** The shop's origin, e.g. `http://127.0.0.1:3000`; the API is under `/api` there. */
  baseUrl: string;
  fetch?: FetchLike;
  /** Headers sent with every call (a call's own headers win). */
  headers?: Record<string, string>;
}

export interface CallOptions {
  /** A shop token, sent as `Authorization: Bearer`. */
  token?: string;
  /** A Cookie header, e.g. the Better Auth session. */
  cookie?: string;
  headers?: Record<string, string>;
}

/**
 * One answer per status the contract names, so checking `status` narrows `body`. A status the
 * contract does not name (a 429 from the rate limit, say) still arrives, with what was sent.
 */
export type ApiAnswer<E> = {
  [S in StatusOf<E>]: { status: S; body: AnswerOf<E, S>; headers: Headers };
}[StatusOf<E>];

/** A call's input and options; the input may be left out when the endpoint takes none. */
export type CallArgs<E extends EndpointSpec, O> =
  object extends InputOf<E> ? [input?: InputOf<E>, options?: O] : [input: InputOf<E>, options?: O];

export interface ApiClient {
  readonly baseUrl: string;
  /** The absolute URL of a call, for tools that take a URL (a load generator, a wait). */
  url(route: { path: string }, input?: { params?: unknown; query?: unknown }): string;
  call<E extends EndpointSpec>(
    route: Callable<E>,
    ...args: CallArgs<E, CallOptions>
  ): Promise<ApiAnswer<E>>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient({
  baseUrl,
  fetch: send = (url, init) => fetch(url, init),
  headers: common = {},
}: ApiClientOptions): ApiClient {
  const origin = new URL(baseUrl).origin;
  const url: ApiClient['url'] = (route, input) => `${origin}${apiPath(route, input)}`;
  return {
    baseUrl: origin,
    url,
    async call<E extends EndpointSpec>(
      route: Callable<E>,
      ...[input, options = {}]: CallArgs<E, CallOptions>
    ): Promise<ApiAnswer<E>> {
      const { body } = (input ?? {}) as { body?: unknown };
      const headers: Record<string, string> = {
        // A browser names the page's origin on every request that may change something; Better
        // Auth refuses a cookie-carrying one without it.
        ...(route.method === 'GET' ? {} : { origin }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...common,
        ...options.headers,
      };
      const response = await send(url(route, input ?? {}), {
        method: route.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        // A redirect is an answer to check (the verification link's 302), not to follow.
        redirect: 'manual',
      });
      return {
        status: response.status,
        body: await readBody(response),
        headers: response.headers,
      } as ApiAnswer<E>;
    },
  };
}

/**
 * The body of an answer that must have `status`; anything else throws with what was answered,
 * so a setup step that fails says why.
 */
export function expectStatus<A extends { status: number; body: unknown }, S extends A['status']>(
  answer: A,
  status: S,
): Extract<A, { status: S }>['body'] {
  if (answer.status !== status) {
    const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    throw new Error(`expected ${status}, the API answered ${answer.status}: ${body}`);
  }
  return answer.body as Extract<A, { status: S }>['body'];
}

/**
 * The cookies an answer sets, as a Cookie header (a cookie set empty or expired is one Better
 * Auth deletes, and is left out).
 */
export function cookieOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .filter((line) => !/;\s*max-age=0\s*(;|$)/i.test(line))
    .map((line) => line.split(';')[0]?.trim() ?? '')
    .filter((pair) => /^[^=]+=./.test(pair))
    .join('; ');
}

/** The contracts the sign-in flow calls: `api` or `apiRoutes()` (passed in to keep this module zod-free). */
export interface SignInRoutes {
  auth: {
    signUp: Callable<typeof auth.signUp>;
    signIn: Callable<typeof auth.signIn>;
  };
  identity: { issueToken: Callable<typeof identity.issueToken> };
}

/** A Better Auth session and the shop token traded for it, as the web app holds them after login. */
export interface SignedInSession {
  /** The Better Auth session cookie, as a Cookie header. */
  cookie: string;
  /** The shop token (DESIGN section 4). */
  token: string;
}

/** PUT /user/{email} with the session cookie: the shop token. */
async function tradeForToken(
  client: ApiClient,
  routes: SignInRoutes,
  email: string,
  signedIn: { status: number; body: unknown; headers: Headers },
): Promise<SignedInSession> {
  expectStatus(signedIn, 200);
  const cookie = cookieOf(signedIn.headers);
  if (!cookie) throw new Error('Better Auth answered without a session cookie.');
  const answer = await client.call(
    routes.identity.issueToken,
    { params: { email }, body: { email } },
    { cookie },
  );
  return { cookie, token: expectStatus(answer, 200).token };
}

/**
 * Signs a new person up through Better Auth and trades the session for a shop token, as the
 * web app does after its sign-up form. Throws if either step is refused.
 */
export async function signUpForToken(
  client: ApiClient,
  routes: SignInRoutes,
  user: { name: string; email: string; password: string },
): Promise<SignedInSession> {
  const signedUp = await client.call(routes.auth.signUp, { body: user });
  return tradeForToken(client, routes, user.email, signedUp);
}

/** Signs a person in through Better Auth and trades the session for a shop token. */
export async function signInForToken(
  client: ApiClient,
  routes: SignInRoutes,
  credentials: { email: string; password: string },
): Promise<SignedInSession> {
  const signedIn = await client.call(routes.auth.signIn, { body: credentials });
  return tradeForToken(client, routes, credentials.email, signedIn);
}
