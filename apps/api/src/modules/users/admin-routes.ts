import {
  apiErrorSchema,
  deletedSchema,
  emailParamsSchema,
  makeAdminRequestSchema,
  userSummarySchema,
  userPromotedSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import type { Identity } from '../../auth/identity.js';
import type { Db } from '../../db/client.js';
import { listShopUsers, promoteUser, removeUser } from './admin-service.js';

export interface UserAdminRoutesOptions {
  db: Db;
  identity: Identity;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * Make Admin page: the user list, promotion and removal; admins only. PUT /user/admin/{email}
 * sits beside PUT /user/{email} (the shop token): the router prefers the static segment
 * `admin/`, and no email can be the word "admin", so neither shadows the other.
 */
export const userAdminRoutes: FastifyPluginAsyncZod<UserAdminRoutesOptions> = async (
  app,
  { db, identity },
) => {
  app.addHook('onRequest', identity.guards.requireAdmin);
  // Other people's emails and roles: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/users', { schema: { response: { 200: z.array(userSummarySchema), ...errors } } }, () =>
    listShopUsers(db),
  );

  // SPEC's client sends the acting admin's email in the body; the token says who acts.
  app.put(
    '/user/admin/:email',
    {
      schema: {
        params: emailParamsSchema,
        body: makeAdminRequestSchema,
        response: { 200: userPromotedSchema, ...errors },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      user: await promoteUser(db, currentUser(request), request.params.email),
    }),
  );

  app.delete(
    '/user/:email',
    { schema: { params: emailParamsSchema, response: { 200: deletedSchema, ...errors } } },
    async (request) => ({
      acknowledged: true as const,
      deletedCount: await removeUser(
        db,
        currentUser(request),
        request.params.email,
        identity.endSessions,
      ),
    }),
  );
};
