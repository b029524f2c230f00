import { useRef, useState } from 'react';
import { AuthError, authClient, callAuth, toAuthError } from '../../../lib/auth-client';
// Not the session folder's index: it brings React Router, which the login and signup islands
// (pages the server renders) have not.
import type { SessionUser } from '../../../lib/session/get-session';
import { useCompleteSignIn } from '../../../lib/session/use-session';
import { POPUP_COMPLETE_PATH } from '../popup/popup-message';
import { signInWithPopup } from '../popup/sign-in-popup';

/**
 * `routes.auth.signInSocial` with disableRedirect: the provider's authorization URL, for the
 * popup to open. Better Auth comes back to /auth/popup-complete either way (?error= on failure).
 */
export async function getGoogleSignInUrl(): Promise<string> {
  const data = await callAuth(() =>
    authClient.signIn.social({
      provider: 'google',
      callbackURL: POPUP_COMPLETE_PATH,
      errorCallbackURL: POPUP_COMPLETE_PATH,
      disableRedirect: true,
    }),
  );
  if (!data.url)
    throw new AuthError('GOOGLE_SIGN_IN_FAILED', 'No Google sign-in address came back.');
  return data.url;
}

interface GoogleSignInOptions {
  onSuccess: (user: SessionUser) => void;
  onError: (error: AuthError) => void;
}

/**
 * The Continue With Google flow. Not a mutation: a second click cancels the first attempt, and
 * that attempt's CANCELLED_POPUP_REQUEST must still reach onError while the new one runs.
 */
export function useGoogleSignIn({ onSuccess, onError }: GoogleSignInOptions) {
  const completeSignIn = useCompleteSignIn();
  const latestAttempt = useRef(0);
  const [isPending, setPending] = useState(false);

  /** Call from the click handler itself (see signInWithPopup). */
  const start = () => {
    const id = ++latestAttempt.current;
    setPending(true);
    signInWithPopup(getGoogleSignInUrl)
      .then(completeSignIn)
      .then(onSuccess, (cause: unknown) => onError(toAuthError(cause)))
      .finally(() => {
        if (id === latestAttempt.current) setPending(false);
      });
  };

  return { start, isPending };
}
