import { z } from 'zod';
import { answers } from './answers.js';
import { LIMITS } from './constants.js';
import { messages } from './messages.js';

/**
 * The shop-token calls of DESIGN section 4 (PUT /user/{email}, GET /admin/{email}). Their email
 * is any sane address, not SPEC's signup pattern: a Google account such as first.last@gmail.com
 * signs in too.
 */
export const accountEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.email, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }));

export const emailParamsSchema = z.object({ email: accountEmailSchema });

/** Body of PUT /user/{email}: the same email as the address (SPEC section 7). */
export const shopTokenRequestSchema = z.object({ email: accountEmailSchema });
export type ShopTokenRequest = z.infer<typeof shopTokenRequestSchema>;

/** Answer of PUT /user/{email}: the shop token, kept in localStorage.accessToken. */
export const shopTokenSchema = z.object(answers.shopToken.shape);
export type ShopToken = z.infer<typeof shopTokenSchema>;

/** Answer of GET /admin/{email} (SPEC: "Admin check answer"). */
export const adminStatusSchema = z.object(answers.adminStatus.shape);
export type AdminStatus = z.infer<typeof adminStatusSchema>;

/**
 * Errors of the identity endpoints under /api/auth, Better Auth's shape: `code` is what the
 * forms show in asterisks (SPEC section 8). Besides Better Auth's own codes
 * (INVALID_EMAIL_OR_PASSWORD, USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL, INVALID_TOKEN, ...), the
 * server answers INVALID_NAME, INVALID_EMAIL and INVALID_PASSWORD with SPEC's messages.
 */
export const authErrorSchema = z.object({ code: z.string().optional(), message: z.string() });
export type AuthErrorBody = z.infer<typeof authErrorSchema>;
