import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth/guards.js';
import type { Identity } from '../auth/identity.js';
import type { Db } from '../db/client.js';
import { serve } from './endpoint.js';
import { getUserInfo, saveUserInfo } from '../modules/profile/service.js';

const { profile } = api;

export interface ProfileRoutesOptions {
  db: Db;
  identity: Identity;
}

/**
 * My Profile: education, location, number and linkedin. Name and email are not part of it: the
 * web app shows them from the session, and the name changes through Better Auth's update-user.
 */
export const profileRoutes: FastifyPluginAsync<ProfileRoutesOptions> = async (
  app,
  { db, identity },
) => {
  const { guards } = identity;
  // Personal data: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  serve(app, guards, profile.get, async (request) =>
    getUserInfo(db, currentUser(request), request.params.email),
  );

  serve(app, guards, profile.save, async (request) => ({
    acknowledged: true as const,
    ...(await saveUserInfo(db, currentUser(request), request.params.email, request.body)),
  }));
};
