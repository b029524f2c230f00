import { apiKeyMessages, type ApiKeyScope } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import { isApiKeySecret, keyInForce, touchApiKey } from '../modules/api-keys/store.js';
import { findShopUserBySession } from '../modules/users/service.js';
import { type SignedInUser } from '../kernel/people.js';
import { ShopTokenError, type ShopTokens } from './shop-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop user of the bearer token (or of the API key's maker); set by `requireUser`. */
    shopUser: SignedInUser | null;
    /** The API key the request came with, once `requireUser` accepted it; null otherwise. */
    apiKeyId: string | null;
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
export function createGuards(db: Db, tokens: ShopTokens): Guards {
  const keys = apiKeyGuard(db);
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
/** Keys a request came with whose use this instance notes (the oldest dropped beyond it). */
const TOUCHED_MAX = 10_000;

/**
 * An API key in place of a token (issue 32, docs/decisions/053): 401 unless it is a key in force
 * whose maker still may (an admin's key: still an admin; a company's: still its owner); 403
 * unless the route names a scope (its contract's `scope`) the key has. The request then acts as
 * the key's maker, so every rule of what that person may do still holds.
 */
function apiKeyGuard(db: Db) {
  const touched = new Map<string, number>();
  return async (request: FastifyRequest, secret: string): Promise<void> => {
    const key = await keyInForce(db, secret);
    if (!key) throw new HttpError(401, apiKeyMessages.invalid);
    if (!key.makerMay) throw new HttpError(401, apiKeyMessages.ownerGone);
    const scope = request.routeOptions.config?.apiKeyScope;
    if (!scope) throw new HttpError(403, apiKeyMessages.noScope);
    if (!key.scopes.includes(scope)) throw new HttpError(403, apiKeyMessages.missingScope(scope));
    request.shopUser = key.maker;
    request.apiKeyId = key.id;
    const now = Date.now();
    if ((touched.get(key.id) ?? 0) + TOUCH_EVERY_MS <= now) {
      touched.delete(key.id);
      if (touched.size >= TOUCHED_MAX) touched.delete(touched.keys().next().value!);
      touched.set(key.id, now);
      await touchApiKey(db, key.id);
    }
  };
}

/** The user `requireUser` set; for handlers behind it. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.shopUser) throw new HttpError(401, guardMessages.missing);
  return request.shopUser;
}
