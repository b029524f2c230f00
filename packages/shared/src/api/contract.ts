import type * as z from 'zod/v4/core';
import type { ApiKeyScope } from '../api-keys.js';

/**
 * One endpoint of the shop API, written once: the server registers its route from it, the
 * OpenAPI document is generated from it, and every caller (web app, end-to-end tests, scripts,
 * API tests) builds its request through it, so a change of shape is a type error everywhere.
 * docs/decisions/012-one-contract-per-endpoint.md.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: `anyone`; `session` (a Better Auth session cookie, checked by the handler);
 * `user` (a shop token; whether the caller owns the record is the service's rule and `who`
 * says it); `admin` (a shop token of an admin in force); `stripe` (a Stripe signature).
 */
export type Access = 'anyone' | 'session' | 'user' | 'admin' | 'stripe';

export interface EndpointSpec {
  method: Method;
  /** The path under /api, with OpenAPI's `{name}` for each path parameter. */
  path: string;
  /** One line for the reference page. */
  summary: string;
  access: Access;
  /** Who may, in DESIGN section 5's words, where `access` alone does not say it. */
  who?: string;
  /**
   * The API key scope that lets a program call it (issue 32, docs/decisions/053); an endpoint
   * without one refuses every key (403). The key still acts within what its maker may do.
   */
  scope?: ApiKeyScope;
  params?: z.$ZodType;
  query?: z.$ZodType;
  body?: z.$ZodType;
  /** A body that is not JSON: the bytes are handed over unparsed (Stripe signs them). */
  rawBody?: boolean;
  /** A multipart/form-data body carrying one file under this field name (POST /uploads). */
  multipartFile?: string;
  /**
   * Takes an `Idempotency-Key` header (DESIGN section 9; docs/decisions/025): the same key and
   * body answer the first answer again and do nothing twice. The contract must name 409 (the
   * first request still runs) and 422 (the key was used with another body); the server refuses
   * to register it otherwise.
   */
  idempotent?: boolean;
  /** Every answer by status code. */
  responses: { [status: number]: z.$ZodType };
}

/**
 * Declares an endpoint. The identity function keeps the literal types (method, path, each
 * schema) that callers and the server infer from.
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S }
  ? S extends z.$ZodType
    ? S
    : never
  : never;

/** What a caller sends: the schemas' input types (a query's defaults may be left out). */
export type InputOf<E> = ([Schema<E, 'params'>] extends [never]
  ? unknown
  : { params: z.input<Schema<E, 'params'>> }) &
  ([Schema<E, 'query'>] extends [never] ? unknown : { query?: z.input<Schema<E, 'query'>> }) &
  ([Schema<E, 'body'>] extends [never]
    ? unknown
    : undefined extends z.input<Schema<E, 'body'>>
      ? { body?: z.input<Schema<E, 'body'>> }
      : { body: z.input<Schema<E, 'body'>> });

/** What the handler receives once the schemas have parsed the request. */
export type ParsedInputOf<E> = {
  params: [Schema<E, 'params'>] extends [never] ? unknown : z.output<Schema<E, 'params'>>;
  query: [Schema<E, 'query'>] extends [never] ? unknown : z.output<Schema<E, 'query'>>;
  body: [Schema<E, 'body'>] extends [never] ? unknown : z.output<Schema<E, 'body'>>;
};

type Responses<E> = E extends { responses: infer R } ? R : never;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The answer of a status code, as the wire carries it. */
export type AnswerOf<E, S extends keyof Responses<E>> = Responses<E>[S] extends z.$ZodType
  ? z.output<Responses<E>[S]>
  : never;

/** The answer of every 2xx status, the one a successful call resolves with. */
export type SuccessOf<E> = {
  [S in keyof Responses<E> & SuccessStatus]: AnswerOf<E, S>;
}[keyof Responses<E> & SuccessStatus];

/** Statuses a contract names, for mocks and tests that answer with one of them. */
export type StatusOf<E> = keyof Responses<E> & number;

/**
 * The zod-free half of a contract that a caller needs at run time: method and path. Its type
 * still carries the whole contract, so `call(route, input)` is typed from the schemas. The web
 * app calls through routes (its first page must load no zod: docs/decisions/008); everyone
 * else may pass the contract itself.
 */
export interface Route<E extends EndpointSpec = EndpointSpec> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never set: carries the contract's type to `call`. */
  readonly contract?: E;
}

/** A contract or its route: what `call` takes. */
export type Callable<E extends EndpointSpec = EndpointSpec> = E | Route<E>;

export type RouteTable<T> = {
  [R in keyof T]: { [N in keyof T[R]]: T[R][N] extends EndpointSpec ? Route<T[R][N]> : never };
};

/** The method and path of every endpoint of `api` (see index.ts), and nothing else. */
export function routeTable<T extends Record<string, Record<string, EndpointSpec>>>(
  api: T,
): RouteTable<T> {
  const table: Record<string, Record<string, Route>> = {};
  for (const [resource, endpoints] of Object.entries(api)) {
    table[resource] = {};
    for (const [name, { method, path }] of Object.entries(endpoints)) {
      table[resource][name] = { method, path };
    }
  }
  return table as RouteTable<T>;
}

const PARAM = /\{([A-Za-z0-9_]+)\}/g;

/** The names of a path's parameters, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((match) => match[1] as string);
}

/** The part of a path before its first parameter: `/auth/callback/` of `/auth/callback/{id}`. */
export function pathPrefix(path: string): string {
  const open = path.indexOf('{');
  return open === -1 ? path : path.slice(0, open);
}

/** The path in Fastify's (and find-my-way's) syntax: `/order/{id}` -> `/order/:id`. */
export function routerPath(path: string): string {
  return path.replace(PARAM, ':$1');
}

/**
 * The URL path and query of a call, relative to /api: each parameter percent-encoded (an email
 * in a path keeps its `@` and `+` safe), the query's undefined values left out.
 */
export function urlOf(
  route: { path: string },
  input: { params?: unknown; query?: unknown } = {},
): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = route.path.replace(PARAM, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) {
      throw new TypeError(`${route.path} needs the path parameter "${name}".`);
    }
    return encodeURIComponent(String(value));
  });
  const query = Object.entries((input.query ?? {}) as Record<string, unknown>).filter(
    ([, value]) => value !== undefined && value !== null,
  );
  if (query.length === 0) return path;
  return `${path}?${new URLSearchParams(query.map(([key, value]) => [key, String(value)]))}`;
}
