import {
  apiErrorSchema,
  deletedSchema,
  idParamsSchema,
  reviewCreatedSchema,
  reviewInputSchema,
  reviewSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import type { Identity } from '../../auth/identity.js';
import type { Db } from '../../db/client.js';
import { addReview, deleteReview, listReviews } from './service.js';

export interface ReviewRoutesOptions {
  db: Db;
  identity: Identity;
}

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (
  app,
  { db, identity },
) => {
  app.get('/reviews', { schema: { response: { 200: z.array(reviewSchema) } } }, async () =>
    listReviews(db),
  );

  // SPEC's client also sends name and email; the schema strips them and the token decides.
  app.post(
    '/review',
    {
      onRequest: identity.guards.requireUser,
      schema: {
        body: reviewInputSchema,
        response: {
          201: reviewCreatedSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const review = await addReview(db, currentUser(request), request.body);
      return reply.code(201).send({ acknowledged: true as const, insertedId: review._id, review });
    },
  );

  // Moderation (issue 10): onRequest, so a stranger is turned away before the id is even read.
  app.delete(
    '/review/:id',
    {
      onRequest: identity.guards.requireAdmin,
      schema: {
        params: idParamsSchema,
        response: {
          200: deletedSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      deletedCount: await deleteReview(db, currentUser(request), request.params.id),
    }),
  );
};
