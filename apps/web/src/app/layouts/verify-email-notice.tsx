// Not the session folder's index: it brings React Router, which a server-rendered page has not.
import { useSession } from '../../lib/session/use-session';
import VerifyEmailBanner from '../../features/auth/components/verify-email-banner';

/**
 * The banner a signed-in person with an unverified address sees on every page. Part of the
 * page's script, not a chunk of its own: a page the server draws for the signed-in visitor
 * (PageData's visitor) carries it in its HTML, and the browser must draw the same at once.
 * Better Auth's client, which its "Resend" needs, loads with the first click
 * (features/auth/api/send-verification-email.ts).
 */
export function VerifyEmailNotice() {
  const { user } = useSession();
  if (!user || user.emailVerified) return null;
  return <VerifyEmailBanner email={user.email} />;
}
