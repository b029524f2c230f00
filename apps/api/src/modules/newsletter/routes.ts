import {
  apiErrorSchema,
  messages,
  subscribeInputSchema,
  subscribeResultSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { subscribe } from './service.js';

export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/subscribe',
    {
      schema: {
        body: subscribeInputSchema,
        response: { 200: subscribeResultSchema, 201: subscribeResultSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { alreadySubscribed } = await subscribe(db, request.body);
      // A repeat is not an error for the visitor: 200 with a friendly note instead of 409.
      return reply.code(alreadySubscribed ? 200 : 201).send({
        acknowledged: true,
        alreadySubscribed,
        message: alreadySubscribed ? messages.alreadySubscribed : messages.subscribed,
      });
    },
  );
};
