import { z } from 'zod';
import { endpoint } from './contract.js';

/**
 * The Better Auth endpoints the shop's own programs call (tests, scripts, the web app through
 * Better Auth's client). Better Auth serves all of /api/auth/* itself, so the server registers
 * none of these; they are here so callers name them once and the reference page lists them.
 * Bodies are Better Auth's; answers are read loosely: Better Auth owns their shape.
 */

const authAnswer = z.looseObject({});
const authError = z.looseObject({ code: z.string().optional(), message: z.string().optional() });
const failures = { 400: authError, 401: authError, 403: authError, 422: authError, 429: authError };

export const signUp = endpoint({
  method: 'POST',
  path: '/auth/sign-up/email',
  summary:
    'Create an account with email and password (starts a session, sends a verification email)',
  access: 'anyone',
  body: z.object({ name: z.string(), email: z.string(), password: z.string() }),
  responses: { 200: authAnswer, ...failures },
});

export const signIn = endpoint({
  method: 'POST',
  path: '/auth/sign-in/email',
  summary: 'Sign in with email and password (sets the session cookie)',
  access: 'anyone',
  body: z.object({ email: z.string(), password: z.string() }),
  responses: { 200: authAnswer, ...failures },
});

export const signInSocial = endpoint({
  method: 'POST',
  path: '/auth/sign-in/social',
  summary: 'Start signing in with Google',
  access: 'anyone',
  body: z.looseObject({ provider: z.string() }),
  responses: { 200: authAnswer, ...failures },
});

export const signInOAuth2 = endpoint({
  method: 'POST',
  path: '/auth/sign-in/oauth2',
  summary: 'Start signing in with Google, as Better Auth 1.6 clients ask (`providerId`)',
  access: 'anyone',
  body: z.looseObject({ providerId: z.string() }),
  responses: { 200: authAnswer, ...failures },
});

export const oauthCallback = endpoint({
  method: 'GET',
  path: '/auth/callback/{provider}',
  summary: 'Where Google sends the browser back after sign-in (sets the session cookie)',
  access: 'anyone',
  params: z.object({ provider: z.string() }),
  query: z.looseObject({ code: z.string().optional(), state: z.string().optional() }),
  responses: { 302: z.unknown(), ...failures },
});

export const signOut = endpoint({
  method: 'POST',
  path: '/auth/sign-out',
  summary: 'End the session',
  access: 'session',
  body: z.looseObject({}),
  responses: { 200: authAnswer, ...failures },
});

export const session = endpoint({
  method: 'GET',
  path: '/auth/get-session',
  summary: 'The current session and user, or null',
  access: 'anyone',
  responses: { 200: z.nullable(authAnswer) },
});

export const updateUser = endpoint({
  method: 'POST',
  path: '/auth/update-user',
  summary: "Change the signed-in account's name",
  access: 'session',
  body: z.looseObject({ name: z.string().optional() }),
  responses: { 200: authAnswer, ...failures },
});

export const requestPasswordReset = endpoint({
  method: 'POST',
  path: '/auth/request-password-reset',
  summary: 'Email a password reset link',
  access: 'anyone',
  body: z.object({ email: z.string(), redirectTo: z.string().optional() }),
  responses: { 200: authAnswer, ...failures },
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/auth/reset-password',
  summary: 'Set a new password with the token of a reset link',
  access: 'anyone',
  body: z.object({ newPassword: z.string(), token: z.string() }),
  responses: { 200: authAnswer, ...failures },
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/auth/change-password',
  summary: "Change the signed-in account's password (the web app offers a reset instead)",
  access: 'session',
  body: z.looseObject({ currentPassword: z.string(), newPassword: z.string() }),
  responses: { 200: authAnswer, ...failures },
});

export const sendVerificationEmail = endpoint({
  method: 'POST',
  path: '/auth/send-verification-email',
  summary: 'Send the address verification email again',
  access: 'anyone',
  body: z.object({ email: z.string(), callbackURL: z.string().optional() }),
  responses: { 200: authAnswer, ...failures },
});

export const verifyEmail = endpoint({
  method: 'GET',
  path: '/auth/verify-email',
  summary: "Verify an address with the token of the verification email's link",
  access: 'anyone',
  query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
  responses: { 200: authAnswer, 302: z.unknown(), ...failures },
});
