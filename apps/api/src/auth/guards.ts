import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import { findShopUserById, type ShopUser } from '../modules/users/service.js';
import { ShopTokenError, type ShopTokens } from './shop-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop user of the bearer token; set by `requireUser`, null before. */
    shopUser: ShopUser | null;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Guards {
  /** 401 unless a good shop token names a user who still exists; sets `request.shopUser`. */
  requireUser: Guard;
  /** `requireUser`, then 403 unless that user is an admin. */
  requireAdmin: Guard;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export const guardMessages = {
  missing: 'Sign in first: this needs an "Authorization: Bearer <token>" header.',
  invalid: 'The token is not valid. Please sign in again.',
  expired: 'The token has expired. Please sign in again.',
  unknownUser: 'The user of this token no longer exists.',
  notAdmin: 'Only an admin may do this.',
} as const;

/**
 * The preHandler hooks of the shop API. The user is read from the database on every request,
 * not from the token: a promotion counts at once and a deleted user is out at once.
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
    const user = await findShopUserById(db, claims.sub);
    if (!user) throw new HttpError(401, guardMessages.unknownUser);
    request.shopUser = user;
  };

  const requireAdmin: Guard = async (request, reply) => {
    await requireUser(request, reply);
    if (!request.shopUser?.role) throw new HttpError(403, guardMessages.notAdmin);
  };

  return { requireUser, requireAdmin };
}

/** The user `requireUser` set; for handlers behind it. */
export function currentUser(request: FastifyRequest): ShopUser {
  if (!request.shopUser) throw new HttpError(401, guardMessages.missing);
  return request.shopUser;
}
