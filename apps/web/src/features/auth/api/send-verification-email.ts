import { useMutation } from '@tanstack/react-query';
import { callAuth, type AuthError } from '../../../lib/auth-error';

/**
 * Where the verification email's link ends: the server sends every link there, with
 * ?error=... when the link was bad or expired.
 */
export const EMAIL_VERIFIED_PATH = '/email-verified';

/** `routes.auth.sendVerificationEmail`: a new link for the signed-in person's own address. */
export async function sendVerificationEmail(email: string): Promise<void> {
  // Better Auth's client loads with the first resend, not with every page that shows the
  // verify-email banner (all of them, for a new account).
  const { authClient } = await import('../../../lib/auth-client');
  await callAuth(() =>
    authClient.sendVerificationEmail({ email, callbackURL: EMAIL_VERIFIED_PATH }),
  );
}

export function useSendVerificationEmail() {
  return useMutation<void, AuthError, string>({ mutationFn: sendVerificationEmail });
}
