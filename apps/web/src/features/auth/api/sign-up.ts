import { useMutation } from '@tanstack/react-query';
import { authClient, callAuth, type AuthError } from '../../../lib/auth-client';
// Not the session folder's index: it brings React Router, which the login and signup islands
// (pages the server renders) have not.
import type { SessionUser } from '../../../lib/session/get-session';
import { useCompleteSignIn } from '../../../lib/session/use-session';
import type { SignupInput } from '../schemas';

/** `routes.auth.signUp`: creates the account (the server uppercases the name) and signs in. */
export async function signUpWithEmail(input: SignupInput): Promise<void> {
  await callAuth(() => authClient.signUp.email(input));
}

export function useSignUp() {
  const completeSignIn = useCompleteSignIn();
  return useMutation<SessionUser, AuthError, SignupInput>({
    mutationFn: async (input) => {
      await signUpWithEmail(input);
      return completeSignIn();
    },
  });
}
