import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis that several instances share (REDIS_URL): Better Auth's secondary storage (session
 * cache, its rate-limit counters) and the API-wide rate limit of @fastify/rate-limit.
 */
export interface SharedRedis {
  client: Redis;
  /** Every key this shop writes starts with it (REDIS_KEY_PREFIX), so one Redis can serve more. */
  keyPrefix: string;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 5_000;

/** "redis://127.0.0.1:6379" without the password, for messages and logs. */
export function redisAddress(url: string): string {
  const { protocol, host, pathname } = new URL(url);
  return `${protocol}//${host}${pathname === '/' ? '' : pathname}`;
}

/**
 * Connects before the app is built, so a Redis that cannot be reached stops the start with one
 * line instead of requests that hang later. Once connected, a Redis that goes away is retried in
 * the background; commands meanwhile fail fast (one retry) rather than queueing without end.
 */
export async function connectRedis(
  url: string,
  keyPrefix: string,
  log: FastifyBaseLogger,
): Promise<SharedRedis> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // While connecting at start, no retries: the first failure is the answer.
    retryStrategy: () => null,
  });
  // Without a listener ioredis prints every connection error to the console on its own.
  let lastError = '';
  client.on('error', (error: Error) => {
    lastError = error.message;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const reason = lastError || (error instanceof Error ? error.message : String(error));
    throw new Error(`REDIS_URL: cannot connect to Redis at ${redisAddress(url)} (${reason})`);
  }
  // From now on, reconnect with a growing pause (at most 2 s) and log each failure once.
  client.options.retryStrategy = (times: number) => Math.min(times * 100, 2_000);
  client.removeAllListeners('error');
  client.on('error', (error: Error) => {
    if (error.message === lastError) return;
    lastError = error.message;
    log.error({ err: error }, 'Redis connection error');
  });
  client.on('ready', () => {
    lastError = '';
  });
  let closed = false;
  return {
    client,
    keyPrefix,
    async close() {
      if (closed) return;
      closed = true;
      // QUIT waits for Redis to answer; a Redis that is away would hold up the shutdown.
      if (client.status !== 'ready') {
        client.disconnect();
        return;
      }
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
