import { z } from 'zod';
import { answers, idSchema } from './answers.js';

/** What every resource of the API shares: ids in paths, the error body, the answer of a removal. */

export const idParamsSchema = z.object({ id: idSchema });

/** The error body every API failure answers with (DESIGN section 5). */
export const apiErrorSchema = z.object(answers.apiError.shape);
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Answer of every DELETE: how many records went (SPEC's "deletedCount"). */
export const deletedSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
});
export type Deleted = z.infer<typeof deletedSchema>;
