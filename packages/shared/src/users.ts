import { z } from 'zod';

/** The people of the shop as the admin's Make Admin page lists them. */

/** One row of GET /users (SPEC: "Exact fields: not shown"). */
export const userSummarySchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** SPEC: role, truthy means admin. */
  role: z.boolean(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/**
 * Body of PUT /user/admin/{email}. SPEC's client sends the acting admin's email; the server
 * ignores it and takes the actor from the token.
 */
export const makeAdminRequestSchema = z.object({ email: z.string().optional() }).nullish();

/** Answer of PUT /user/admin/{email}: the promoted user. */
export const userPromotedSchema = z.object({
  acknowledged: z.literal(true),
  user: userSummarySchema,
});
export type UserPromoted = z.infer<typeof userPromotedSchema>;
