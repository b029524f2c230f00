import { lazy, Suspense } from 'react';
// Not the session folder's index: it brings React Router, which a server-rendered page has not.
import { useSession } from '../../lib/session/use-session';

// Loaded only for someone who needs it: the banner's "Resend" brings Better Auth's client.
const VerifyEmailBanner = lazy(() => import('../../features/auth/components/verify-email-banner'));

/** The banner a signed-in person with an unverified address sees on every page. */
export function VerifyEmailNotice() {
  const { user } = useSession();
  if (!user || user.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailBanner email={user.email} />
    </Suspense>
  );
}
