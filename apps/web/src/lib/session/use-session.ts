import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearAccessToken } from '../access-token-storage';
import { issueAccessToken } from '../api-client';
import { AuthError, toAuthError } from '../auth-error';
import { accessTokenQueryOptions } from './access-token-query';
import { adminStatusQueryOptions } from './get-admin-status';
import {
  getSessionUser,
  SESSION_QUERY_KEY,
  sessionQueryOptions,
  type SessionUser,
} from './get-session';

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export interface Session {
  /** 'loading' until Better Auth has said whether a session cookie is valid. */
  status: SessionStatus;
  user: SessionUser | null;
  /** True once the shop token for this user is at hand, so calls that need it can start. */
  hasAccessToken: boolean;
  /** SPEC section 4: false until the admin check (`routes.identity.adminStatus`) has answered. */
  isAdmin: boolean;
  /** True while a signed-in user's admin status is still being looked up. */
  isAdminLoading: boolean;
  /** Why the admin status could not be looked up (shop token or admin call failed). */
  adminError: Error | null;
  retryAdminCheck: () => void;
  signOut: () => Promise<void>;
}

/**
 * SPEC section 4: ends the Better Auth session, removes accessToken and forgets every cached
 * answer, so nothing of this user stays in the page. The local part runs even when the server
 * cannot be reached.
 */
async function signOutAndForget(queryClient: QueryClient): Promise<void> {
  try {
    // Better Auth's client loads with the first sign-out, not with every page.
    const { authClient } = await import('../auth-client');
    await authClient.signOut();
  } catch {
    // Offline: the cookie may survive on the server, but this page forgets the user anyway.
  } finally {
    clearAccessToken();
    await queryClient.cancelQueries();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  }
}

/**
 * After Better Auth has set the session cookie (email, signup or Google): reads the session,
 * trades it for the shop token, and only then publishes the user, so nothing asks for the token
 * twice. A failure signs the half-finished session out: a user is either fully in or out.
 */
async function completeSignIn(queryClient: QueryClient): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) throw new AuthError('SESSION_NOT_FOUND', 'The sign-in did not start a session.');
  try {
    const token = await issueAccessToken(user.email);
    queryClient.setQueryData(accessTokenQueryOptions(user.email).queryKey, token);
  } catch (cause) {
    await signOutAndForget(queryClient);
    throw toAuthError(cause);
  }
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  return user;
}

export function useCompleteSignIn(): () => Promise<SessionUser> {
  const queryClient = useQueryClient();
  return useCallback(() => completeSignIn(queryClient), [queryClient]);
}

export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => signOutAndForget(queryClient), [queryClient]);
}

/** The one hook the app reads identity from: the navigation, the guards and the dashboard. */
export function useSession(): Session {
  const sessionQuery = useQuery(sessionQueryOptions());
  const user = sessionQuery.data ?? null;
  const email = user?.email ?? '';
  const tokenQuery = useQuery({ ...accessTokenQueryOptions(email), enabled: user !== null });
  const adminQuery = useQuery({ ...adminStatusQueryOptions(email), enabled: tokenQuery.isSuccess });
  const signOut = useSignOut();

  const adminError = tokenQuery.error ?? adminQuery.error;
  const retryAdminCheck = () =>
    void (tokenQuery.isError ? tokenQuery.refetch() : adminQuery.refetch());

  return {
    status: sessionQuery.isPending ? 'loading' : user ? 'signed-in' : 'signed-out',
    user,
    hasAccessToken: user !== null && tokenQuery.isSuccess,
    isAdmin: user !== null && adminQuery.data === true,
    isAdminLoading: user !== null && adminError === null && !adminQuery.isSuccess,
    adminError,
    retryAdminCheck,
    signOut,
  };
}
