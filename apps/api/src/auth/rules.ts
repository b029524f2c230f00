import {
  api,
  AUTH_PREFIX,
  emailSchema,
  messages,
  nameSchema,
  passwordSchema,
  profileImageSchema,
} from '@shop/shared';
import { APIError } from 'better-auth/api';
import type { z } from 'zod';

/** SPEC: "At signup the name is stored uppercased." Applied to every name Better Auth stores. */
export const displayName = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();

/** Codes of the errors the shop's own checks answer, beside Better Auth's own codes. */
export const AUTH_INPUT_ERROR_CODES = {
  name: 'INVALID_NAME',
  email: 'INVALID_EMAIL',
  password: 'INVALID_PASSWORD',
  image: 'INVALID_IMAGE',
  /** A control character anywhere in the request, in a field the shop has no rule for too. */
  controlCharacter: 'INVALID_CHARACTERS',
} as const;

type Field = Exclude<keyof typeof AUTH_INPUT_ERROR_CODES, 'controlCharacter'>;

const SCHEMAS: Record<Field, z.ZodType<unknown, string | null>> = {
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  image: profileImageSchema,
};

/**
 * Which body fields each Better Auth endpoint checks with the shared field rules (SPEC section
 * 5, widened by DESIGN section 8). `optional` fields are checked only when the body has them.
 */
interface Rule {
  key: string;
  field: Field;
  optional?: true;
}
/** A Better Auth endpoint's path as Better Auth names it: below its mount, `/sign-up/email`. */
const underAuth = (endpoint: { path: string }) => endpoint.path.slice(AUTH_PREFIX.length);

const RULES: Record<string, Rule[]> = {
  [underAuth(api.auth.signUp)]: [
    { key: 'name', field: 'name' },
    { key: 'email', field: 'email' },
    { key: 'password', field: 'password' },
    { key: 'image', field: 'image', optional: true },
  ],
  // The address only: a password is checked against the stored hash, and SPEC's rule is a
  // subset of today's, so every password ever set still passes.
  [underAuth(api.auth.signIn)]: [{ key: 'email', field: 'email' }],
  [underAuth(api.auth.requestPasswordReset)]: [{ key: 'email', field: 'email' }],
  [underAuth(api.auth.sendVerificationEmail)]: [{ key: 'email', field: 'email' }],
  [underAuth(api.auth.resetPassword)]: [{ key: 'newPassword', field: 'password' }],
  [underAuth(api.auth.changePassword)]: [{ key: 'newPassword', field: 'password' }],
  [underAuth(api.auth.updateUser)]: [
    { key: 'name', field: 'name', optional: true },
    { key: 'image', field: 'image', optional: true },
  ],
};

/**
 * Any C0 control (tab and line breaks too: every identity field is one line), DEL, a C1
 * control, or half a surrogate pair. PostgreSQL refuses NUL in text, so before this check an
 * `image` or a reset `token` holding one reached the database and answered 500.
 */
const CONTROL_CHARACTER = /[\p{Cc}\p{Cs}]/u;

/** True when a string anywhere in `value` (keys included, however deep) holds a control character. */
function holdsControlCharacter(value: unknown): boolean {
  // A loop, not recursion: a body nested thousands deep must not overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (CONTROL_CHARACTER.test(next)) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, item] of Object.entries(next)) pending.push(key, item);
    }
  }
  return false;
}

const refuse = (code: string, message: string) => new APIError('BAD_REQUEST', { code, message });

/**
 * The server half of the identity field rules: the same shared schemas the forms use. Throws a
 * Better Auth style 400 `{ code, message }` with the shared message, as Better Auth's own errors
 * look, so the web app shows every identity error the same way. Runs before every Better Auth
 * endpoint (a `hooks.before` middleware), so nothing is stored when it throws.
 *
 * Values the rules normalise (an email trimmed and lowercased) are written back into `body`,
 * the object the endpoint reads next: Better Auth lowercases addresses but would refuse one with
 * a space around it, which the form already trims.
 */
export function validateAuthInput(path: string, body: unknown) {
  if (isRecord(body)) {
    for (const { key, field, optional } of RULES[path] ?? []) {
      if (optional && body[key] === undefined) continue;
      const result = SCHEMAS[field].safeParse(body[key]);
      if (!result.success) {
        throw refuse(AUTH_INPUT_ERROR_CODES[field], result.error.issues[0]?.message ?? '');
      }
      body[key] = result.data;
    }
  }
  if (holdsControlCharacter(body)) {
    throw refuse(AUTH_INPUT_ERROR_CODES.controlCharacter, messages.unsafeText);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
