import { useMutation } from '@tanstack/react-query';
import { authClient, callAuth, type AuthError } from '../../../lib/auth-client';
// Not the session folder's index: it brings React Router, which the login and signup islands
// (pages the server renders) have not.
import type { SessionUser } from '../../../lib/session/get-session';
import { useCompleteSignIn } from '../../../lib/session/use-session';
import type { LoginInput } from '../schemas';

/** `routes.auth.signIn`: sets the session cookie or fails with a code. */
export async function signInWithEmail(input: LoginInput): Promise<void> {
  await callAuth(() => authClient.signIn.email(input));
}

export function useSignIn() {
  const completeSignIn = useCompleteSignIn();
  return useMutation<SessionUser, AuthError, LoginInput>({
    mutationFn: async (input) => {
      await signInWithEmail(input);
      return completeSignIn();
    },
  });
}
