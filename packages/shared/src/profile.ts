import { z } from 'zod';
import { isOneLine } from './fields.js';
import { messages } from './messages.js';
import { companySchema, optionalAddressSchema, taxIdSchema } from './purchases.js';

const requiredText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max)
    .refine(isOneLine, messages.oneLine);

/**
 * User info (SPEC section 3): SPEC's four fields, every one required (SPEC section 5), and the
 * business details checkout is prefilled from (DESIGN section 8), each optional: an empty field
 * is stored as null.
 */
export const userInfoSchema = z
  .object({
    education: requiredText(200),
    location: requiredText(200),
    number: requiredText(40),
    linkedin: requiredText(300),
    company: companySchema,
    taxId: taxIdSchema,
    billingAddress: optionalAddressSchema,
    shippingAddress: optionalAddressSchema,
  })
  .strict();
export type UserInfo = z.output<typeof userInfoSchema>;
/** What a form or client sends: the business fields may be left out or empty. */
export type UserInfoInput = z.input<typeof userInfoSchema>;

/** The information as stored and answered: the business fields are null when not given. */
export const storedUserInfoSchema = z.object({
  education: z.string(),
  location: z.string(),
  number: z.string(),
  linkedin: z.string(),
  company: z.string().nullable(),
  taxId: z.string().nullable(),
  billingAddress: z.string().nullable(),
  shippingAddress: z.string().nullable(),
});

/** Answer of GET /userinfo/{email}: the stored information, or null before the first save. */
export const userInfoAnswerSchema = storedUserInfoSchema.nullable();

/** Answer of PUT /userinfo/{email}: `upserted` is true when this save made the record. */
export const userInfoSavedSchema = z.object({
  acknowledged: z.literal(true),
  upserted: z.boolean(),
  info: storedUserInfoSchema,
});
export type UserInfoSaved = z.infer<typeof userInfoSavedSchema>;
