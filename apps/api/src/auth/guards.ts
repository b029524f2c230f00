import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import { findShopUserBySession } from '../modules/users/service.js';
import { type SignedInUser } from '../kernel/people.js';
import { ShopTokenError, type ShopTokens } from './shop-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop user of the bearer token; set by `requireUser`, null before. */
    shopUser: SignedInUser | null;
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
  const requireUser: Guard = async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new HttpError(401, guardMessages.missing);
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

/** The user `requireUser` set; for handlers behind it. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.shopUser) throw new HttpError(401, guardMessages.missing);
  return request.shopUser;
}
