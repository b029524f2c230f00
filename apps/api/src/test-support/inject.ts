import { expect } from 'vitest';
import {
  apiPath,
  pathParams,
  type CallArgs,
  type Callable,
  type EndpointSpec,
  type SuccessOf,
} from '@shop/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './build-test-app.js';

/**
 * Who makes a call, as the web app would: the bearer header of a person with a shop token (a
 * `Shopper` or `SignedIn` passes as it is), their session cookie (a browser sends it with every
 * request), extra headers, and the address `app.inject` reports (rate limits count by it).
 */
export interface Who {
  headers?: Readonly<Record<string, string>>;
  cookie?: string;
  remoteAddress?: string;
}

/** An answer of `app.inject` whose `json()` is typed by the contract's success answer. */
export type InjectAnswer<E extends EndpointSpec> = Omit<LightMyRequestResponse, 'json'> & {
  json<T = SuccessOf<E>>(): T;
};

function send<E extends EndpointSpec>(
  t: TestApp,
  contract: Callable<E>,
  url: string,
  payload: unknown,
  { headers = {}, cookie, remoteAddress }: Who = {},
): Promise<InjectAnswer<E>> {
  return t.app.inject({
    method: contract.method,
    url,
    payload: payload as InjectOptions['payload'],
    remoteAddress,
    headers: {
      // A browser names the page's origin on every request that may change something; Better
      // Auth refuses a cookie-carrying one without it.
      ...(contract.method === 'GET' ? {} : { origin: t.config.publicUrl }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  }) as Promise<InjectAnswer<E>>;
}

/**
 * Calls one endpoint of the test app through its contract: method and path (with the input's
 * params and query) from the contract, the input's body as JSON, and the caller's headers.
 */
export function inject<E extends EndpointSpec>(
  t: TestApp,
  contract: Callable<E>,
  ...[input, who]: CallArgs<E, Who>
): Promise<InjectAnswer<E>> {
  const { body } = (input ?? {}) as { body?: unknown };
  return send(t, contract, apiPath(contract, input ?? {}), body, who);
}

/** What a test of a wrong request sends: any params, query and body, or bytes as they are. */
export interface UncheckedInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** Sent as JSON (an object) or as it is (a string or Buffer, with the caller's content-type). */
  body?: unknown;
  /** A query string as it is, in place of `query`: a repeated or malformed parameter. */
  rawQuery?: string;
}

/**
 * Like `inject`, for a test whose point is what the contract's types refuse: a body of the
 * wrong shape, a hostile value, bytes that are not JSON. Method and path still come from the
 * contract, so the test follows the endpoint if it moves.
 */
export function injectUnchecked<E extends EndpointSpec>(
  t: TestApp,
  contract: Callable<E>,
  input: UncheckedInput = {},
  who?: Who,
): Promise<InjectAnswer<E>> {
  const path = apiPath(contract, input.rawQuery === undefined ? input : { params: input.params });
  const url = input.rawQuery === undefined ? path : `${path}?${input.rawQuery}`;
  return send(t, contract, url, input.body, who);
}

/**
 * The contract's path under /api with each parameter put in as it is, not percent-encoded: for
 * a test whose point is a malformed escape or a raw character in the address.
 */
export function rawPathOf(contract: Callable, params: Record<string, string>): string {
  const raw = Object.fromEntries(pathParams(contract.path).map((name) => [name, `{${name}}`]));
  let path = apiPath(contract, { params: raw });
  for (const [name, value] of Object.entries(params)) {
    path = path.replace(encodeURIComponent(`{${name}}`), value);
  }
  return path;
}

/** Sends a request to a raw path (see `rawPathOf`) with the contract's method. */
export function injectRawPath<E extends EndpointSpec>(
  t: TestApp,
  contract: Callable<E>,
  params: Record<string, string>,
  who?: Who,
): Promise<InjectAnswer<E>> {
  return send(t, contract, rawPathOf(contract, params), undefined, who);
}

/**
 * The body of an answer that must have `status` (200 unless told): fails the test with the body
 * otherwise. For tests that call through `injectUnchecked` and read the answer as `T`.
 */
export async function answered<T>(
  response: Promise<{ statusCode: number; body: string; json(): unknown }>,
  status = 200,
): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json() as T;
}
