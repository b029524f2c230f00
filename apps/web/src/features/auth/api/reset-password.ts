import { useMutation } from '@tanstack/react-query';
import { authClient, callAuth, type AuthError } from '../../../lib/auth-client';

export interface ResetPasswordInput {
  newPassword: string;
  token: string;
}

/** `routes.auth.resetPassword` with the token from the email's link. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await callAuth(() => authClient.resetPassword(input));
}

export function useResetPassword() {
  return useMutation<void, AuthError, ResetPasswordInput>({ mutationFn: resetPassword });
}
