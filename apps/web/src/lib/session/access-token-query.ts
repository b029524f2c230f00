import { queryOptions } from '@tanstack/react-query';
import { accessTokenEmail, readAccessToken } from '../access-token-storage';
import { issueAccessToken } from '../api-client';

/** The stored token, if it was issued for this email; otherwise a new one from the server. */
async function accessTokenFor(email: string): Promise<string> {
  const stored = readAccessToken();
  if (stored && accessTokenEmail(stored) === email.toLowerCase()) return stored;
  return issueAccessToken(email);
}

/**
 * The shop token for the signed-in email. A page load with a session but no usable stored token
 * (a new browser, a session started by Google, a token left by another user) fetches one with
 * `routes.identity.issueToken`; the API client renews an expired one on its own.
 */
export const accessTokenQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['access-token', email],
    queryFn: () => accessTokenFor(email),
    staleTime: Infinity,
  });
