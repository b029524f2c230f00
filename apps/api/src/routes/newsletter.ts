import { api, messages } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client.js';
import { serve } from './endpoint.js';
import { subscribe } from '../modules/newsletter/service.js';

export const newsletterRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  serve(app, app.identity.guards, api.newsletter.subscribe, async (request, reply) => {
    const { alreadySubscribed } = await subscribe(db, request.body);
    // A repeat is not an error for the visitor: 200 with a friendly note instead of 409.
    return reply.code(alreadySubscribed ? 200 : 201).send({
      acknowledged: true,
      alreadySubscribed,
      message: alreadySubscribed ? messages.alreadySubscribed : messages.subscribed,
    });
  });
};
