import { z } from 'zod';
import { LIMITS } from './constants.js';
import { idSchema } from './answers.js';
import { productSchema, reviewSchema } from './entities.js';
import { messages } from './messages.js';
import { freeTextSchema, isSafeText, wholeNumber } from './fields.js';

/**
 * Admin catalogue and users, reviews and the profile (SPEC sections 2, 3 and 5; issue 5).
 * Creating a product uses `productInputSchema` (entities.ts).
 */

/** Body of PUT /item/{id}: what a manufacturer changes on a product it already sells. */
export const productUpdateSchema = z
  .object({
    price: wholeNumber(0),
    minimum: wholeNumber(1),
    available: wholeNumber(0),
    description: freeTextSchema(LIMITS.description),
  })
  .partial()
  .strict()
  .refine((update) => Object.keys(update).length > 0, 'Give at least one field to change.');
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** One row of GET /users (SPEC: "Exact fields: not shown"). */
export const shopUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** SPEC: role, truthy means admin. */
  role: z.boolean(),
  createdAt: z.string(),
});
export type ShopUser = z.infer<typeof shopUserSchema>;

const requiredText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max)
    .refine(isSafeText, messages.unsafeText);

/** User info (SPEC section 3): every field required (SPEC section 5). */
export const userInfoSchema = z
  .object({
    education: requiredText(200),
    location: requiredText(200),
    number: requiredText(40),
    linkedin: requiredText(300),
  })
  .strict();
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Answer of GET /userinfo/{email}: the stored information, or null before the first save. */
export const userInfoAnswerSchema = userInfoSchema.nullable();

/** Answer of PUT /userinfo/{email}: `upserted` is true when this save made the record. */
export const userInfoSavedSchema = z.object({
  acknowledged: z.literal(true),
  upserted: z.boolean(),
  info: userInfoSchema,
});
export type UserInfoSaved = z.infer<typeof userInfoSavedSchema>;

/** Answer of POST /item. */
export const productCreatedSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: idSchema,
  product: productSchema,
});
export type ProductCreated = z.infer<typeof productCreatedSchema>;

/** Answer of PUT /item/{id}. */
export const productUpdatedSchema = z.object({
  acknowledged: z.literal(true),
  product: productSchema,
});
export type ProductUpdated = z.infer<typeof productUpdatedSchema>;

/** Answer of DELETE /item/{id} and DELETE /user/{email}. */
export const deletedSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
});
export type Deleted = z.infer<typeof deletedSchema>;

/** Answer of POST /review: the stored review, signed with the name of the signed-in user. */
export const reviewCreatedSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: idSchema,
  review: reviewSchema,
});
export type ReviewCreated = z.infer<typeof reviewCreatedSchema>;

/**
 * Body of PUT /user/admin/{email}. SPEC's client sends the acting admin's email; the server
 * ignores it and takes the actor from the token.
 */
export const makeAdminRequestSchema = z.object({ email: z.string().optional() }).nullish();

/** Answer of PUT /user/admin/{email}: the promoted user. */
export const userPromotedSchema = z.object({
  acknowledged: z.literal(true),
  user: shopUserSchema,
});
export type UserPromoted = z.infer<typeof userPromotedSchema>;
