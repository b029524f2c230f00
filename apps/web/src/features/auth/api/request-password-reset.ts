import { useMutation } from '@tanstack/react-query';
import { authClient, callAuth, type AuthError } from '../../../lib/auth-client';
import type { ResetRequestInput } from '../schemas';

/** Where the email's link lands, with ?token=... or ?error=INVALID_TOKEN. */
export const RESET_PASSWORD_PATH = '/reset-password';

/** `routes.auth.requestPasswordReset`: the server mails a link (or writes it to its outbox). */
export async function requestPasswordReset({ email }: ResetRequestInput): Promise<void> {
  await callAuth(() => authClient.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH }));
}

export function useRequestPasswordReset() {
  return useMutation<void, AuthError, ResetRequestInput>({ mutationFn: requestPasswordReset });
}
