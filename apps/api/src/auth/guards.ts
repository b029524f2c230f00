import { apiKeyMessages, type ApiKeyScope } from '@shop/shared';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import {
  isApiKeySecret,
  keyInForce,
  touchApiKey,
  wellFormedSecret,
} from '../modules/api-keys/store.js';
import { findShopUserBySession } from '../modules/users/service.js';
import { type SignedInUser } from '../kernel/people.js';
import { ShopTokenError, type ShopTokens } from './shop-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop user of the bearer token (or of the API key's maker); set by `requireUser`. */
    shopUser: SignedInUser | null;
    /** The API key the request came with, once `requireUser` accepted it; null otherwise. */
    apiKeyId: string | null;
    /** Its rate-limit bucket: its company's id, or `shop` for the shop's own keys. */
    apiKeyBucket: string | null;
  }
  interface FastifyContextConfig {
    /** The API key scope the route's contract names; `serve` sets it (routes/endpoint.ts). */
    apiKeyScope?: ApiKeyScope | undefined;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Guards {
  /**
   * 401 unless a good shop token names a user who still exists, through a session that has not
   * ended; sets `request.shopUser`.
   */
  requireUser: Guard;
  /** `requireUser`, then 403 unless that user is an admin. */
  requireAdmin: Guard;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export const guardMessages = {
  missing: 'Sign in first: this needs an "Authorization: Bearer <token>" header.',
  invalid: 'The token is not valid. Please sign in again.',
  expired: 'The token has expired. Please sign in again.',
  ended:
    'This sign-in has ended (signed out, password reset or account removed). Please sign in again.',
  notAdmin: 'Only an admin may do this.',
} as const;

/**
 * The preHandler hooks of the shop API. The user and the session are read on every request
 * (one query, or the cache: see guard-cache.ts), not from the token: a promotion counts at
 * once, and a sign-out, a password reset or a removal shuts the token out at once.
 */
export function createGuards(db: Db, tokens: ShopTokens, log?: FastifyBaseLogger): Guards {
  const keys = apiKeyGuard(db, log);
  const requireUser: Guard = async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new HttpError(401, guardMessages.missing);
    if (isApiKeySecret(match[1])) {
      await keys(request, match[1]);
      return;
    }
    let claims;
    try {
      claims = await tokens.verify(match[1]);
    } catch (error) {
      if (error instanceof ShopTokenError) throw new HttpError(401, guardMessages[error.problem]);
      throw error;
    }
    const user = await findShopUserBySession(db, claims.sub, claims.sid);
    if (!user) throw new HttpError(401, guardMessages.ended);
    request.shopUser = user;
  };

  const requireAdmin: Guard = async (request, reply) => {
    await requireUser(request, reply);
    if (!request.shopUser?.isAdmin) throw new HttpError(403, guardMessages.notAdmin);
  };

  return { requireUser, requireAdmin };
}

/** When this instance last wrote each key's `last_used_at`: at most once a minute a key. */
const TOUCH_EVERY_MS = 60_000;
/** Entries an instance keeps in each per-key or per-address map (the oldest dropped beyond). */
const REMEMBERED_MAX = 10_000;
/** Refused keys an address may send a minute before it is answered 429 without a query. */
const REFUSED_KEYS_MAX = 20;
const MINUTE_MS = 60_000;

/** Sets `key` in a map that keeps at most REMEMBERED_MAX entries, the oldest dropped first. */
function remember<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  if (map.size >= REMEMBERED_MAX) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * An API key in place of a token (issue 32, docs/decisions/053): 401 unless it is a key in force
 * whose maker still may (an admin's key: still an admin; a company's: still its owner); 403
 * unless the route names a scope (its contract's `scope`) the key has. The request then acts as
 * the key's maker, so every rule of what that person may do still holds.
 *
 * The rate limit counts a request after its route's guard, so a refused key is never counted
 * there: a secret of the wrong shape is refused without a query, and an address that sends more
 * than REFUSED_KEYS_MAX refused keys in a minute is answered 429 until the minute is over.
 */
function apiKeyGuard(db: Db, log: FastifyBaseLogger | undefined) {
  const touched = new Map<string, number>();
  const refused = new Map<string, { since: number; count: number }>();
  const refuse = (request: FastifyRequest, status: 401, message: string): never => {
    const now = Date.now();
    const seen = refused.get(request.ip);
    const fresh = !seen || seen.since + MINUTE_MS <= now;
    remember(refused, request.ip, {
      since: fresh ? now : seen.since,
      count: fresh ? 1 : seen.count + 1,
    });
    throw new HttpError(status, message);
  };
  return async (request: FastifyRequest, secret: string): Promise<void> => {
    const seen = refused.get(request.ip);
    if (seen && seen.count >= REFUSED_KEYS_MAX && seen.since + MINUTE_MS > Date.now()) {
      throw new HttpError(429, apiKeyMessages.tooManyRefused);
    }
    if (!wellFormedSecret(secret)) refuse(request, 401, apiKeyMessages.invalid);
    const key = await keyInForce(db, secret);
    if (!key) return refuse(request, 401, apiKeyMessages.invalid);
    if (!key.makerMay) return refuse(request, 401, apiKeyMessages.ownerGone);
    const scope = request.routeOptions.config?.apiKeyScope;
    if (!scope) throw new HttpError(403, apiKeyMessages.noScope);
    if (!key.scopes.includes(scope)) throw new HttpError(403, apiKeyMessages.missingScope(scope));
    request.shopUser = key.maker;
    request.apiKeyId = key.id;
    // One rate-limit bucket per company (the shop's own keys share one): more keys buy no more.
    request.apiKeyBucket = key.companyId ?? 'shop';
    const now = Date.now();
    if ((touched.get(key.id) ?? 0) + TOUCH_EVERY_MS <= now) {
      remember(touched, key.id, now);
      // The note of its use is not worth failing the request for.
      await touchApiKey(db, key.id).catch((error: unknown) =>
        log?.warn({ err: error, apiKeyId: key.id }, "could not note an API key's use"),
      );
    }
  };
}

/** The user `requireUser` set; for handlers behind it. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.shopUser) throw new HttpError(401, guardMessages.missing);
  return request.shopUser;
}
