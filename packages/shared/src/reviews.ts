import { z } from 'zod';
import { answers, idSchema } from './answers.js';
import { LIMITS } from './constants.js';
import { freeTextSchema, ratingSchema } from './fields.js';

/** Review. `discription` is spelt as SPEC spells it. */
export const reviewSchema = z.object(answers.review.shape);
export type Review = z.infer<typeof reviewSchema>;

/** Body of POST /review: name and email come from the signed-in user, never from here. */
export const reviewInputSchema = z.object({
  rating: ratingSchema,
  discription: freeTextSchema(LIMITS.reviewText),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** Answer of POST /review: the stored review, signed with the name of the signed-in user. */
export const reviewCreatedSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: idSchema,
  review: reviewSchema,
});
export type ReviewCreated = z.infer<typeof reviewCreatedSchema>;

/**
 * Limits on reviews (OWASP API6 "unrestricted access to sensitive business flows"):
 * one account could post hundreds of reviews in seconds, and GET /reviews answered every review
 * ever posted. docs/decisions/010-safe-by-default.md, "Reviews".
 */

/** Reviews one customer may post in any 24 hours (a rolling window, not the calendar day). */
export const REVIEWS_PER_DAY = 3;
export const REVIEW_WINDOW_HOURS = 24;
/** GET /reviews answers at most this many: the newest, listed oldest first. */
export const REVIEW_LIST_MAX = 100;

export const reviewMessages = {
  dailyLimit: `You can post at most ${REVIEWS_PER_DAY} reviews in 24 hours. Please try again later.`,
  notFound: 'No review with this id.',
} as const;
