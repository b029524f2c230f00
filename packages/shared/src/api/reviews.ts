import { z } from 'zod';
import { deletedSchema, idParamsSchema } from '../common.js';
import { reviewCreatedSchema, reviewInputSchema, reviewSchema } from '../reviews.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** Customers' reviews (SPEC sections 2 and 3). */

export const list = endpoint({
  method: 'GET',
  path: '/reviews',
  summary: 'The newest 100 reviews, oldest first, without email addresses',
  access: 'anyone',
  responses: { 200: z.array(reviewSchema) },
});

export const create = endpoint({
  method: 'POST',
  path: '/review',
  summary: 'Post a review (at most 3 in 24 hours)',
  access: 'user',
  body: reviewInputSchema,
  responses: { 201: reviewCreatedSchema, ...errors(400, 401, 429) },
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/review/{id}',
  summary: 'Remove a review (moderation, audited)',
  access: 'admin',
  params: idParamsSchema,
  responses: { 200: deletedSchema, ...errors(400, 401, 403, 404) },
});
