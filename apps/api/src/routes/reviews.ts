import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth/guards.js';
import type { Identity } from '../auth/identity.js';
import type { Db } from '../db/client.js';
import { serve } from './endpoint.js';
import { addReview, deleteReview, listReviews } from '../modules/reviews/service.js';

const { reviews } = api;

export interface ReviewRoutesOptions {
  db: Db;
  identity: Identity;
}

export const reviewRoutes: FastifyPluginAsync<ReviewRoutesOptions> = async (
  app,
  { db, identity },
) => {
  const { guards } = identity;

  serve(app, guards, reviews.list, async () => listReviews(db));

  // SPEC's client also sends name and email; the schema strips them and the token decides.
  serve(app, guards, reviews.create, async (request) => {
    const review = await addReview(db, currentUser(request), request.body);
    return { acknowledged: true as const, insertedId: review._id, review };
  });

  // Moderation: the admin guard runs on onRequest, so a stranger is turned away before the id
  // is even read.
  serve(app, guards, reviews.remove, async (request) => ({
    acknowledged: true as const,
    deletedCount: await deleteReview(db, currentUser(request), request.params.id),
  }));
};
