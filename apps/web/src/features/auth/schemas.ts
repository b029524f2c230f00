import { emailSchema, loginPasswordSchema, nameSchema, passwordSchema } from '@shop/shared';
import { z } from 'zod';

/** The forms of SPEC section 5, built from the field rules the server checks too. */

// No format rule on the login password: a wrong one reads "Incorrect email or password." (issue 28).
export const loginSchema = z.object({ email: emailSchema, password: loginPasswordSchema });
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupInput = z.infer<typeof signupSchema>;

export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

/** Not a SPEC message: the confirmation field is this app's own guard against a typo. */
export const PASSWORDS_DIFFER = 'The two passwords do not match.';

export const newPasswordSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;
