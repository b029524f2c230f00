import { ApiError } from './api-error';

/*
 * Identity failures, kept apart from Better Auth's client so that pages which only read the
 * session (the navbar on every page, the route guards) do not load that client: it comes with the
 * sign-in, sign-up, reset and sign-out code that needs it (e2e/storefront/bundle-budget.spec.ts).
 */

/**
 * An identity failure as SPEC section 8 shows it: the provider's error code text, such as
 * INVALID_EMAIL_OR_PASSWORD, which the forms print in red between asterisks.
 */
export class AuthError extends Error {
  override readonly name = 'AuthError';

  constructor(
    readonly code: string,
    message: string = code,
  ) {
    super(message);
  }
}

/** "Too Many Requests" -> "TOO_MANY_REQUESTS", so every failure reads like a provider code. */
function toCode(text: string): string {
  return text
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase();
}

export interface BetterAuthErrorLike {
  code?: string;
  message?: string;
  status: number;
  statusText: string;
}

/** Better Auth answers `{ error: { code, message, status } }`; a 429 may come without a code. */
export function authErrorFromResponse(error: BetterAuthErrorLike): AuthError {
  const code =
    error.code ||
    (error.statusText && toCode(error.statusText)) ||
    (error.status === 429 ? 'TOO_MANY_REQUESTS' : `HTTP_${error.status}`);
  return new AuthError(code, error.message || code);
}

/** Whatever went wrong during sign-in, as one AuthError with a code to show. */
export function toAuthError(cause: unknown): AuthError {
  if (cause instanceof AuthError) return cause;
  if (cause instanceof ApiError) {
    return new AuthError(
      cause.isNetworkError ? 'NETWORK_ERROR' : toCode(cause.error),
      cause.message,
    );
  }
  // fetch itself rejects (TypeError) when the server cannot be reached.
  return new AuthError('NETWORK_ERROR', 'The shop server cannot be reached.');
}

/**
 * Runs one Better Auth client call and returns its data, turning its `{ error }` answer and a
 * failed fetch into an AuthError.
 */
export async function callAuth<T>(
  call: () => Promise<{ data: T; error: null } | { data: null; error: BetterAuthErrorLike }>,
): Promise<T> {
  let result: Awaited<ReturnType<typeof call>>;
  try {
    result = await call();
  } catch (cause) {
    throw toAuthError(cause);
  }
  if (result.error) throw authErrorFromResponse(result.error);
  return result.data as T;
}
