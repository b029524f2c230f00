import {
  pathParams,
  type AnswerOf,
  type Callable,
  type EndpointSpec,
  type InputOf,
  type Route,
  type StatusOf,
} from '@shop/shared';
import { routes } from 'virtual:api-routes';
import { vi } from 'vitest';
import { API_URL } from '../lib/api-url';

/*
 * The component tests' stand-in for the shop server, typed by the API contracts
 * (packages/shared/src/api): a mock names its endpoint by route (`routes.orders.place`), its
 * answer must have the shape the contract gives that status, and a handler reads the request's
 * params and body as the contract types them. When an answer's shape changes, every test that
 * mocks it stops compiling.
 */

/** The route table the web app calls through, for the tests to name endpoints by. */
export { routes };

/** The endpoint a route or contract stands for. */
type ContractOf<R> = R extends Route<infer E> ? E : R extends EndpointSpec ? R : never;

/** One answer the contract lists: a status and the body of that status. */
export type Reply<R> = {
  [S in StatusOf<ContractOf<R>>]: { status: S; body: AnswerOf<ContractOf<R>, S> };
}[StatusOf<ContractOf<R>>];

/** An answer the contract does not list (a server fault, a proxy's page): see offContract. */
export interface OffContractReply {
  readonly offContract: true;
  status: number;
  body?: unknown;
}

/**
 * For the tests of how a page copes with an answer no contract promises: a 500, a gateway's
 * error page, a body of the wrong shape. Every other answer goes through `answer` or a typed
 * handler.
 */
export function offContract(status: number, body?: unknown): OffContractReply {
  return { offContract: true, status, body };
}

type ParamsOf<E> = InputOf<E> extends { params: infer P } ? P : Record<string, never>;
type BodyOf<E> = InputOf<E> extends { body: infer B } ? B : undefined;

/** A request as a handler sees it: params and body typed by the contract's input. */
export interface MockRequest<R> {
  params: ParamsOf<ContractOf<R>>;
  query: Record<string, string>;
  body: BodyOf<ContractOf<R>>;
  url: string;
  headers: Record<string, string>;
}

/** Answers one endpoint's calls; throwing simulates a server that cannot be reached. */
export type MockHandler<R> = (
  request: MockRequest<R>,
) => Reply<R> | OffContractReply | Promise<Reply<R> | OffContractReply>;

type AnyRequest = MockRequest<EndpointSpec>;
type AnyReply = { status: number; body?: unknown };

/** One mocked endpoint: made by `answer` or `handle`, given to `mockApi`. */
export interface Mock {
  readonly method: string;
  readonly path: string;
  respond(request: AnyRequest): AnyReply | Promise<AnyReply>;
}

/** Mocks, and lists of mocks (`signedIn(user)` is one), in the order they override each other. */
export type Mocks = readonly (Mock | Mocks)[];

/** Every call of `route` answers `status` with `body`, which must be that status's shape. */
export function answer<R extends Callable, S extends StatusOf<ContractOf<R>>>(
  route: R,
  status: S,
  body: AnswerOf<ContractOf<R>, S>,
): Mock {
  return { method: route.method, path: route.path, respond: () => ({ status, body }) };
}

/**
 * The handler of R, as a conditional type so that TypeScript takes R from the route alone: if it
 * also inferred R from the handler, a handler's `{ status: 200, ... }` would widen to a number.
 */
type HandlerOf<R> = R extends unknown ? MockHandler<R> : never;

/** Every call of `route` is answered by `handler`, which reads the typed request. */
export function handle<R extends Callable>(route: R, handler: HandlerOf<R>): Mock {
  return {
    method: route.method,
    path: route.path,
    respond: (request) => handler(request as unknown as MockRequest<R>),
  };
}

/** What fetch does when the server is down; usable as a handler of any endpoint. */
export function unreachable(): never {
  throw new TypeError('Failed to fetch');
}

/** A call the page made, with the endpoint it was for (undefined if it matches none). */
export interface RecordedCall {
  route: Route | undefined;
  method: string;
  /** Path and query, relative to the API base. */
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

/** A call to one known endpoint, its params and body typed by the contract. */
export type CallTo<R> = Omit<RecordedCall, 'params' | 'body'> & {
  route: Route;
  params: ParamsOf<ContractOf<R>>;
  body: BodyOf<ContractOf<R>> | undefined;
};

interface KnownRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function known(route: Route): KnownRoute {
  const source = route.path
    .split(/\{[A-Za-z0-9_]+\}/)
    .map(escape)
    .join('([^/]+)');
  return { route, pattern: new RegExp(`^${source}$`), names: pathParams(route.path) };
}

// A literal path wins over a parametric one, as in the server's router: GET /admin/audit is the
// audit log, not the admin check of an account named "audit".
const literal = (path: string) => path.replace(/\{[A-Za-z0-9_]+\}/g, '').length;

const table: KnownRoute[] = Object.values(routes)
  .flatMap((resource) => Object.values(resource) as Route[])
  .map(known)
  // With as many parameters, the longer literal wins: GET /quote/{id}.pdf is no quote "x.pdf".
  .sort((a, b) => a.names.length - b.names.length || literal(b.route.path) - literal(a.route.path));

function identify(method: string, pathname: string) {
  for (const entry of table) {
    if (entry.route.method !== method) continue;
    const match = entry.pattern.exec(pathname);
    if (!match) continue;
    const params = Object.fromEntries(
      entry.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
    );
    return { route: entry.route, params };
  }
  return { route: undefined, params: {} };
}

function headersOf(init: RequestInit): Record<string, string> {
  // Better Auth's client passes a Headers object (lowercase names), the API client a plain one.
  if (init.headers instanceof Headers) return Object.fromEntries(init.headers.entries());
  return (init.headers ?? {}) as Record<string, string>;
}

function flatten(mocks: Mocks): Mock[] {
  return mocks.flatMap((mock) => ('respond' in mock ? [mock] : flatten(mock as Mocks)));
}

/**
 * Replaces fetch for one test. Each call is matched to its endpoint by the route table (Better
 * Auth's calls included) and answered by the last mock given for that endpoint; a call no mock
 * answers gets the API's JSON 404, so a test never reaches a real network.
 */
export function mockApi(mocks: Mocks) {
  const byEndpoint = new Map(flatten(mocks).map((mock) => [key(mock), mock]));
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const onOrigin = url.replace(/^https?:\/\/[^/]+/, '');
    const path = onOrigin.startsWith(API_URL) ? onOrigin.slice(API_URL.length) : onOrigin;
    const { pathname, searchParams } = new URL(path, 'http://shop.test');
    const query = Object.fromEntries(searchParams);
    const { route, params } = identify(method, pathname);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = headersOf(init);
    calls.push({ route, method, path, params, query, body, headers });

    const mock = route && byEndpoint.get(key(route));
    const reply: AnyReply = mock
      ? await mock.respond({ params, query, body, url, headers } as AnyRequest)
      : {
          status: 404,
          body: { statusCode: 404, error: 'Not Found', message: `No mock for ${method} ${path}` },
        };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  /** The calls made to one endpoint, in order. */
  function callsTo<R extends Callable>(route: R): CallTo<R>[] {
    return calls.filter((call) => call.route && key(call.route) === key(route)) as CallTo<R>[];
  }

  return { calls, callsTo, fetchMock };
}
