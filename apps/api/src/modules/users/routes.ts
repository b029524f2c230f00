import {
  adminStatusSchema,
  apiErrorSchema,
  emailParamsSchema,
  shopTokenRequestSchema,
  shopTokenSchema,
} from '@shop/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Identity } from '../../auth/identity.js';
import { currentUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { adminStatus, shopUserForSession } from './service.js';

export interface UserRoutesOptions {
  db: Db;
  identity: Identity;
  adminEmails: readonly string[];
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (
  app,
  { db, identity, adminEmails },
) => {
  const { auth, tokens, guards } = identity;

  // Trades the Better Auth session (its cookie) for the shop token (DESIGN section 4).
  app.put(
    '/user/:email',
    {
      schema: {
        params: emailParamsSchema,
        body: shopTokenRequestSchema,
        response: { 200: shopTokenSchema, ...errors },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.get(
    '/admin/:email',
    {
      preHandler: guards.requireUser,
      schema: { params: emailParamsSchema, response: { 200: adminStatusSchema, ...errors } },
    },
    async (request) => adminStatus(db, currentUser(request), request.params.email),
  );
};
