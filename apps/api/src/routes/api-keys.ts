import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, type Guards } from '../auth/guards.js';
import type { Db } from '../db/client.js';
import { createApiKey, listKeysFor, revokeApiKey } from '../workflows/api-keys/manage.js';
import { serve } from './endpoint.js';

const { apiKeys } = api;

/** API keys (issue 32, docs/decisions/053), registered from their contracts. */
export const apiKeyRoutes: FastifyPluginAsync<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  serve(app, guards, apiKeys.create, async (request) =>
    createApiKey(db, currentUser(request), request.body),
  );
  serve(app, guards, apiKeys.list, async (request) =>
    listKeysFor(db, currentUser(request), request.query),
  );
  serve(app, guards, apiKeys.revoke, async (request) =>
    revokeApiKey(db, currentUser(request), request.params.id),
  );
};
