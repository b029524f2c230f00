import { vi } from 'vitest';

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

/** A handler answers one "METHOD /path" key; throwing simulates a server that cannot be reached. */
export type MockHandler = (request: {
  body: unknown;
  url: string;
  headers: Record<string, string>;
}) => MockAnswer | Promise<MockAnswer>;

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

function headersOf(init: RequestInit): Record<string, string> {
  // Better Auth's client passes a Headers object (lowercase names), the API client a plain one.
  if (init.headers instanceof Headers) return Object.fromEntries(init.headers.entries());
  return (init.headers ?? {}) as Record<string, string>;
}

/**
 * Replaces fetch for one test. Keys are "GET /items" style, relative to the API base (Better
 * Auth's calls are "POST /auth/sign-in/email"); unknown calls answer the API's JSON 404, so a
 * test never reaches a real network.
 */
export function mockApi(handlers: Record<string, MockHandler | MockAnswer>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api/, '');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = headersOf(init);
    calls.push({ method, path, body, headers });

    const handler = handlers[`${method} ${path}`];
    const answer: MockAnswer = handler
      ? typeof handler === 'function'
        ? await handler({ body, url, headers })
        : handler
      : {
          status: 404,
          body: { statusCode: 404, error: 'Not Found', message: `No mock for ${method} ${path}` },
        };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** What fetch does when the server is down. */
export const unreachable: MockHandler = () => {
  throw new TypeError('Failed to fetch');
};
