import { api } from '@shop/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsync } from 'fastify';
import type { Identity } from '../auth/identity.js';
import { currentUser } from '../auth/guards.js';
import type { Db } from '../db/client.js';
import { serve } from './endpoint.js';
import { adminStatus, shopUserForSession } from '../modules/users/service.js';

const { identity: tokenApi } = api;

export interface UserRoutesOptions {
  db: Db;
  identity: Identity;
  adminEmails: readonly string[];
}

export const userRoutes: FastifyPluginAsync<UserRoutesOptions> = async (
  app,
  { db, identity, adminEmails },
) => {
  const { auth, tokens, guards } = identity;

  // Trades the Better Auth session (its cookie) for the shop token (DESIGN section 4).
  serve(app, guards, tokenApi.issueToken, async (request, reply) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    const user = await shopUserForSession(db, {
      sessionEmail: session?.user.email ?? null,
      email: request.params.email,
      bodyEmail: request.body.email,
      adminEmails,
    });
    reply.header('cache-control', 'no-store');
    // session is non-null here: shopUserForSession refused the request otherwise.
    const sid = session!.session.id;
    return { token: await tokens.sign({ sub: user.id, email: user.email, sid }) };
  });

  serve(app, guards, tokenApi.adminStatus, async (request) =>
    adminStatus(db, currentUser(request), request.params.email),
  );
};
