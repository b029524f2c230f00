import { z } from 'zod';
import { answers, idSchema } from './answers.js';
import { LIMITS } from './constants.js';
import {
  freeTextSchema,
  imageUrlSchema,
  newsletterEmailSchema,
  ratingSchema,
  wholeNumber,
} from './fields.js';

// idSchema and the answers the web app reads first live in answers.ts (zod/mini); the classic
// schemas below are built from them.
export const idParamsSchema = z.object({ id: idSchema });

/** Product (SPEC calls it item). Prices are whole dollars per piece. */
export const productSchema = z.object(answers.product.shape);
export type Product = z.infer<typeof productSchema>;

/** What an admin sends to create a product (issue 5 adds the form; the seed uses it today). */
export const productInputSchema = z
  .object({
    name: freeTextSchema(LIMITS.productName),
    img: imageUrlSchema,
    description: freeTextSchema(LIMITS.description),
    price: wholeNumber(0),
    minimum: wholeNumber(1),
    available: wholeNumber(0),
  })
  .strict();
export type ProductInput = z.infer<typeof productInputSchema>;

/** Review. `discription` is spelt as SPEC spells it. */
export const reviewSchema = z.object(answers.review.shape);
export type Review = z.infer<typeof reviewSchema>;

/** What the server itself stores for a review: name and email come from the signed-in user. */
export const reviewInputSchema = z.object({
  rating: ratingSchema,
  discription: freeTextSchema(LIMITS.reviewText),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const subscribeInputSchema = z.object({ email: newsletterEmailSchema }).strict();
export type SubscribeInput = z.infer<typeof subscribeInputSchema>;
export const subscribeResultSchema = z.object(answers.subscribeResult.shape);
export type SubscribeResult = z.infer<typeof subscribeResultSchema>;

/** Public settings the web app reads at start (DESIGN section 5, GET /config). */
export const publicConfigSchema = z.object(answers.publicConfig.shape);
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The error body every API failure answers with (DESIGN section 5). */
export const apiErrorSchema = z.object(answers.apiError.shape);
export type ApiError = z.infer<typeof apiErrorSchema>;
