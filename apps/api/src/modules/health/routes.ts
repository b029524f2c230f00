import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { databaseIsUp } from './service.js';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
});

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (await databaseIsUp(db)) return reply.code(200).send({ status: 'ok', database: 'up' });
      return reply.code(503).send({ status: 'error', database: 'down' });
    },
  );
};
