import { queryOptions } from '@tanstack/react-query';
import { clearAccessToken } from '../access-token-storage';
import { fetchAuthSession } from '../auth-session';

/** The signed-in person of SPEC section 3, as Better Auth's session names them. */
export interface SessionUser {
  email: string;
  /** Stored uppercased at signup; Google accounts bring their own name. */
  displayName: string | null;
  /** Whether the person has opened the link of their verification email (Google's count). */
  emailVerified: boolean;
}

/** `routes.auth.session`: the user behind the session cookie, or null when signed out. */
export async function getSessionUser(): Promise<SessionUser | null> {
  const data = await fetchAuthSession();
  if (!data) return null;
  return {
    email: data.user.email,
    displayName: data.user.name || null,
    emailVerified: data.user.emailVerified === true,
  };
}

export const SESSION_QUERY_KEY = ['session'] as const;

/** A session that has ended (expired, signed out in another tab) takes its shop token with it. */
async function getSessionUserForgettingToken(): Promise<SessionUser | null> {
  const user = await getSessionUser();
  if (!user) clearAccessToken();
  return user;
}

/** Every guard, the navbar and the menu read this; a minute keeps them from asking at once. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: getSessionUserForgettingToken,
    staleTime: 60_000,
  });
