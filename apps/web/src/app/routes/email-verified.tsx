import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageLink } from '../../components/ui/navigation';
import { useSession } from '../../lib/session';
import { AuthCard } from '../../features/auth/components/auth-card';
import form from '../../features/auth/components/auth-form.module.css';
import { AuthErrorText } from '../../features/auth/components/auth-error-text';
import { ResendVerificationButton } from '../../features/auth/components/resend-verification-button';

export const EMAIL_VERIFIED = 'Your email address is verified. Thank you!';
export const VERIFICATION_LINK_BAD =
  'This verification link is invalid or has expired. Sign in and ask for a new one.';

/**
 * /email-verified: where the verification email's link ends after Better Auth has checked it,
 * with ?error=INVALID_TOKEN (or TOKEN_EXPIRED, USER_NOT_FOUND) when it could not.
 */
export default function EmailVerifiedPage() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
  const queryClient = useQueryClient();
  const { user } = useSession();

  // The session now says "verified" (and may be new: Better Auth signs the person in), and an
  // admin right may be in force: read everything again.
  useEffect(() => {
    if (!error) void queryClient.invalidateQueries();
  }, [error, queryClient]);

  return (
    <AuthCard title="Email Verification">
      <div className={form.form}>
        {error ? (
          <>
            <Alert severity="error">{VERIFICATION_LINK_BAD}</Alert>
            <AuthErrorText code={error} />
            {user && !user.emailVerified && <ResendVerificationButton email={user.email} />}
          </>
        ) : (
          <Alert severity="success">{EMAIL_VERIFIED}</Alert>
        )}
      </div>
      <p className={form.switch}>
        <PageLink href="/">Back to the shop</PageLink>
      </p>
    </AuthCard>
  );
}
