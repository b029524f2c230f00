import { urlOf } from '@shop/shared';
import { routes } from 'virtual:api-routes';
import { API_URL } from './api-url';
import { AuthError, authErrorFromResponse, toAuthError } from './auth-error';

/** The part of Better Auth's session answer (`routes.auth.session`) the shop reads. */
export interface AuthSession {
  user: { email: string; name: string; emailVerified?: boolean };
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isAuthSession = (body: unknown): body is AuthSession =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as Partial<AuthSession>).user?.email === 'string';

/**
 * Reads Better Auth's session as Better Auth's client does (with the session cookie), but
 * without loading that client: every page reads the session, while only the sign-in, sign-up,
 * reset and sign-out code needs the client itself (the first page's bundle budget,
 * docs/decisions/008).
 * Answers null when nobody is signed in; a refusal or a failed fetch becomes an AuthError.
 */
export async function fetchAuthSession(): Promise<AuthSession | null> {
  let response: Response;
  let text: string;
  try {
    const route = routes.auth.session;
    const url = new URL(`${API_URL}${urlOf(route)}`, window.location.origin).href;
    response = await fetch(url, { method: route.method, credentials: 'include' });
    text = await response.text();
  } catch (cause) {
    throw toAuthError(cause);
  }
  const body = parseBody(text);
  if (!response.ok) {
    const details = typeof body === 'object' && body !== null ? body : {};
    throw authErrorFromResponse({
      ...details,
      status: response.status,
      statusText: response.statusText,
    });
  }
  if (body === null) return null;
  if (!isAuthSession(body)) {
    throw new AuthError('UNEXPECTED_RESPONSE', 'The identity server sent an unexpected answer.');
  }
  return body;
}
