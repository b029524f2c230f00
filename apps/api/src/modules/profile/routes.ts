import {
  apiErrorSchema,
  emailParamsSchema,
  userInfoAnswerSchema,
  userInfoSavedSchema,
  userInfoSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guards.js';
import type { Identity } from '../../auth/identity.js';
import type { Db } from '../../db/client.js';
import { getUserInfo, saveUserInfo } from './service.js';

export interface ProfileRoutesOptions {
  db: Db;
  identity: Identity;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * My Profile: education, location, number and linkedin. Name and email are not part of it: the
 * web app shows them from the session, and the name changes through Better Auth's update-user.
 */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (
  app,
  { db, identity },
) => {
  app.addHook('onRequest', identity.guards.requireUser);
  // Personal data: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/userinfo/:email',
    { schema: { params: emailParamsSchema, response: { 200: userInfoAnswerSchema, ...errors } } },
    async (request) => getUserInfo(db, currentUser(request), request.params.email),
  );

  app.put(
    '/userinfo/:email',
    {
      schema: {
        params: emailParamsSchema,
        body: userInfoSchema,
        response: { 200: userInfoSavedSchema, ...errors },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      ...(await saveUserInfo(db, currentUser(request), request.params.email, request.body)),
    }),
  );
};
