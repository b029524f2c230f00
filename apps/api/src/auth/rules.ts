import { emailSchema, nameSchema, passwordSchema } from '@shop/shared';
import { APIError } from 'better-auth/api';
import type { z } from 'zod';

/** SPEC: "At signup the name is stored uppercased." Applied to every name Better Auth stores. */
export const displayName = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();

/** Codes of the errors the shop's own checks answer, beside Better Auth's own codes. */
export const AUTH_INPUT_ERROR_CODES = {
  name: 'INVALID_NAME',
  email: 'INVALID_EMAIL',
  password: 'INVALID_PASSWORD',
} as const;

type Field = keyof typeof AUTH_INPUT_ERROR_CODES;

/** Which body fields each Better Auth endpoint gets checked with SPEC section 5's rules. */
const RULES: Record<string, [bodyKey: string, field: Field][]> = {
  '/sign-up/email': [
    ['name', 'name'],
    ['email', 'email'],
    ['password', 'password'],
  ],
  '/reset-password': [['newPassword', 'password']],
  '/change-password': [['newPassword', 'password']],
};

const SCHEMAS: Record<Field, z.ZodType<string>> = {
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
};

/**
 * The server half of SPEC section 5: the same shared schemas the forms use. Throws a Better
 * Auth style 400 `{ code, message }` with the shared message, as Better Auth's own errors look,
 * so the web app shows every identity error the same way.
 */
export function validateAuthInput(path: string, body: unknown) {
  const fields = [...(RULES[path] ?? [])];
  // A profile name update (update-user) follows the signup rule when it names the user.
  if (path === '/update-user' && isRecord(body) && body.name !== undefined) {
    fields.push(['name', 'name']);
  }
  if (fields.length === 0) return;
  const values = isRecord(body) ? body : {};
  for (const [bodyKey, field] of fields) {
    const result = SCHEMAS[field].safeParse(values[bodyKey]);
    if (!result.success) {
      throw new APIError('BAD_REQUEST', {
        code: AUTH_INPUT_ERROR_CODES[field],
        message: result.error.issues[0]?.message ?? 'Invalid value.',
      });
    }
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
