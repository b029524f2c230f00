import { z } from 'zod';
import { isSafeText } from './fields.js';
import { messages } from './messages.js';

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
