import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client.js';
import { serve } from './endpoint.js';
import { databaseIsUp } from '../modules/health/service.js';

export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  serve(app, app.identity.guards, api.settings.health, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await databaseIsUp(db)) return reply.code(200).send({ status: 'ok', database: 'up' });
    return reply.code(503).send({ status: 'error', database: 'down' });
  });
};
