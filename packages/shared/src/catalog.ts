import { z } from 'zod';
import { answers, idSchema } from './answers.js';
import { LIMITS } from './constants.js';
import { freeTextSchema, imageUrlSchema, wholeNumber } from './fields.js';

/** Product (SPEC calls it item). Prices are whole dollars per piece. */
export const productSchema = z.object(answers.product.shape);
export type Product = z.infer<typeof productSchema>;

/** Body of POST /item: what an admin sends to create a product (the seed sends the same). */
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
