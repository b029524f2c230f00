import { createAuthClient } from 'better-auth/react';
import { API_URL } from './api-url';

/**
 * Better Auth's browser client (DESIGN section 4). Its calls go to `${API}/auth` on this origin
 * and ride on the session cookie. `new URL` also accepts an absolute VITE_API_URL.
 */
export const authClient = createAuthClient({
  // The server imports this module with the login and signup pages it renders, and never calls
  // it there (their forms sign in from the browser): it has no window, so any origin will do.
  baseURL: new URL(
    `${API_URL}/auth`,
    typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  ).href,
  fetchOptions: {
    // Better Auth keeps the fetch it saw at start; looking it up per call lets the component
    // tests stand in for the server the same way they do for the API client.
    customFetchImpl: (input, init) => globalThis.fetch(input, init),
  },
});

// The error helpers live in ./auth-error; the sign-in code imports them from here too.
export {
  AuthError,
  authErrorFromResponse,
  callAuth,
  toAuthError,
  type BetterAuthErrorLike,
} from './auth-error';
