import type { ServerOptions } from 'node:http';

/**
 * Fastify disables Node's request timeout (its `requestTimeout` defaults to 0), so a client that
 * sends a body one byte every few seconds holds a connection, and the request's memory, for as
 * long as it likes; a few hundred such clients exhaust the server (slowloris). These options
 * bound every phase of a request (docs/decisions/010, "Timeouts and headers").
 */
export interface ServerTimeouts {
  /** Headers and body must have arrived whole within this; else 408 and the socket closes. */
  requestTimeout: number;
  /** A socket on which nothing moves for this long is closed (a client that stops reading). */
  connectionTimeout: number;
  http: Pick<ServerOptions, 'requestTimeout' | 'headersTimeout' | 'connectionsCheckingInterval'>;
}

/**
 * Inactivity allowed while an answer is being made: longer than any call the API waits on (the
 * Stripe client gives up after 80 s), so a slow gateway is answered as an error, not cut off.
 */
const MIN_CONNECTION_TIMEOUT_MS = 120_000;

export function serverTimeouts(requestTimeoutSeconds: number): ServerTimeouts {
  const requestTimeout = requestTimeoutSeconds * 1000;
  return {
    requestTimeout,
    connectionTimeout: Math.max(MIN_CONNECTION_TIMEOUT_MS, 2 * requestTimeout),
    http: {
      requestTimeout,
      // One rule for the whole request: the headers too must be in within it. Node refuses a
      // headers timeout above the request timeout.
      headersTimeout: requestTimeout,
      // Node looks for overdue requests only this often (30 s by default, which would let a
      // 30 s limit run to a minute): a quarter of the limit, at most every 5 s.
      connectionsCheckingInterval: Math.min(5000, Math.max(250, requestTimeout / 4)),
    },
  };
}
