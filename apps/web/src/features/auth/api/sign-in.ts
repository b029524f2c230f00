import { useMutation } from '@tanstack/react-query';
import { authClient, callAuth, type AuthError } from '../../../lib/auth-client';
import { useCompleteSignIn, type SessionUser } from '../../../lib/session';
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
