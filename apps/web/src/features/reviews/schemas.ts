import {
  RATING_DEFAULT,
  RATING_MAX,
  RATING_MIN,
  messages,
  ratingSchema,
  reviewInputSchema,
} from '@shop/shared';
import { z } from 'zod';

/** Not a SPEC message: SPEC gives the rating input a range and no message of its own. */
export const RATING_OUT_OF_RANGE = `Please give a whole number from ${RATING_MIN} to ${RATING_MAX}.`;

const ratingNumber = (text: string) => (text.trim() === '' ? RATING_DEFAULT : Number(text));

/**
 * The Add A Review form. SPEC section 5: the rating has no required rule, so an emptied number
 * input counts as the default 0; the comment is required. reviewInputSchema, the server's rule,
 * has the last word.
 */
export const reviewFormSchema = z
  .object({
    rating: z
      .string()
      .refine((text) => ratingSchema.safeParse(ratingNumber(text)).success, RATING_OUT_OF_RANGE)
      .transform(ratingNumber),
    discription: z.string().trim().min(1, messages.required),
  })
  .pipe(reviewInputSchema);
export type ReviewFormValues = z.input<typeof reviewFormSchema>;

/** The stars show the number when it is one of theirs (1 to 5); 0 or a typo shows none. */
export function starsOf(text: string): number | null {
  const value = ratingNumber(text);
  return ratingSchema.safeParse(value).success && value >= 1 ? value : null;
}
