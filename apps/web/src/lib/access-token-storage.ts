import { ACCESS_TOKEN_KEY } from '@shop/shared';

/*
 * The shop token of DESIGN section 4 lives in localStorage under SPEC's key. Storage can be
 * disabled (private mode, strict cookie settings): reads then find nothing and writes are
 * dropped, so calls go out unauthenticated instead of crashing the page.
 */

export function readAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeAccessToken(token: string): void {
  try {
    localStorage.setItem(ACCESS_TOKEN_KEY, token);
  } catch {
    // See above: without storage the token lives only as long as this request.
  }
}

export function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Nothing was stored.
  }
}

/**
 * The email a shop token was issued for (its `email` claim), read without checking the
 * signature: only the server trusts a token; the browser merely avoids reusing one that belongs
 * to an earlier user of the same browser.
 */
export function accessTokenEmail(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  } catch {
    return null;
  }
}
