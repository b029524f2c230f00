import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SharedRedis } from '../redis/client.js';
import { HttpError } from './errors.js';
import { rateLimitKey } from './security.js';
import { isApiPath } from './web-app.js';

/**
 * The API-wide rate limit: at most `max` API requests a minute per client address (an IPv6
 * address counted by its /64), pages and assets not counted. Every answer under /api carries
 * X-RateLimit-Limit, -Remaining and -Reset; past the limit the client gets 429 with Retry-After.
 *
 * Why not @fastify/rate-limit, which did this before: it is built on async functions and awaits
 * (about seven promises per request, even with its in-memory store), and this process has
 * Node's promise hooks on for Better Auth's AsyncLocalStorage, which tax every promise. That
 * was the largest cost `GET /api/items` had over a bare server (issue 12). Here the in-memory
 * count is a synchronous hook with no promise and one allocation per client per minute; with
 * Redis the hook waits on a callback, also without a promise. Same windows and headers: a fixed
 * one-minute window starting at the client's first request, as the plugin's stores count.
 */
export const WINDOW_MS = 60_000;

/** A counter store: `hit` counts one request and answers the count and the window's time left. */
interface Counter {
  hit(key: string, now: number, answer: (error: Error | null, count?: Count) => void): void;
}

interface Count {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * In this process's memory. At most `MAX_CLIENTS` windows are kept: a new client beyond that
 * drops the window that started first, which is also the one closest to its end (the plugin's
 * LRU kept 5,000 the same way).
 */
const MAX_CLIENTS = 5_000;

export function memoryCounter(): Counter {
  const windows = new Map<string, { current: number; endsAt: number }>();
  return {
    hit(key, now, answer) {
      let window = windows.get(key);
      if (window === undefined || window.endsAt <= now) {
        if (window !== undefined) windows.delete(key);
        else if (windows.size >= MAX_CLIENTS) windows.delete(windows.keys().next().value!);
        // Map keeps insertion order: re-inserting keeps the oldest window first.
        window = { current: 0, endsAt: now + WINDOW_MS };
        windows.set(key, window);
      }
      window.current += 1;
      answer(null, { current: window.current, ttl: window.endsAt - now });
    },
  };
}

/** INCR, the window set on the first request of a window, and the time left: one round trip. */
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { current, ttl }`;

/**
 * In Redis (REDIS_URL): every instance counts into the same windows, so a client spread over
 * several instances by a load balancer gets the limit once, not once per instance.
 */
export function redisCounter(redis: SharedRedis): Counter {
  const prefix = `${redis.keyPrefix}rate:`;
  return {
    hit(key, _now, answer) {
      redis.client.eval(HIT_SCRIPT, 1, prefix + key, WINDOW_MS, (error, result) => {
        if (error) return answer(error);
        const [current, ttl] = result as [number, number];
        answer(null, { current, ttl });
      });
    },
  };
}

function limitExceeded(seconds: number): HttpError {
  return new HttpError(
    429,
    `Rate limit exceeded, retry in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  );
}

/**
 * Adds the limit as the app's first hook after the security headers (so a 429 carries them),
 * before any route's own hooks: a request is counted whether or not it then passes its guard,
 * and unknown /api paths (the 404 handler) count too, as probing them must not be free.
 */
export function registerRateLimit(
  app: FastifyInstance,
  { max, redis }: { max: number; redis?: SharedRedis },
): void {
  const counter = redis ? redisCounter(redis) : memoryCounter();
  const limit = String(max);
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (!isApiPath(request.url)) return done();
    counter.hit(rateLimitKey(request), Date.now(), (error, count) => {
      // A Redis that is briefly away lets requests through rather than failing the whole API
      // (its client logs the outage once, not once per request).
      if (error || !count) return done();
      const seconds = Math.ceil(count.ttl / 1000);
      reply.header('x-ratelimit-limit', limit);
      reply.header('x-ratelimit-remaining', String(Math.max(0, max - count.current)));
      reply.header('x-ratelimit-reset', String(seconds));
      if (count.current <= max) return done();
      reply.header('retry-after', String(seconds));
      done(limitExceeded(seconds));
    });
  });
}
