import { lazy, Suspense } from 'react';
import { Icon } from '../../components/ui/icon';
import { Button } from '../../components/ui/button';
import { useHydrated } from '../../components/use-hydrated';
// Not the session folder's index: it brings React Router, which a server-rendered page has not.
import { useSession } from '../../lib/session/use-session';
import styles from './verify-email-banner.module.css';

// Loaded only for someone who needs it: the button sends with Better Auth's client's help.
const ResendVerificationButton = lazy(() =>
  import('../../features/auth/components/resend-verification-button').then((module) => ({
    default: module.ResendVerificationButton,
  })),
);

/** Material's ReportProblemOutlined, the icon of MUI's warning Alert. */
const WARNING_ICON = 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z';

/**
 * Shown under the navbar to a signed-in person whose address is not verified yet. They may
 * shop meanwhile; an admin right waits for it (docs/decisions/010). The banner is part of the
 * page's script, so a page the server draws for the signed-in visitor (PageData's visitor)
 * carries it in its HTML and nothing below it moves; only its Resend button is a chunk of its
 * own, drawn disabled until its code has arrived (the server's render waits for no chunk).
 */
export function VerifyEmailNotice() {
  const { user } = useSession();
  const hydrated = useHydrated();
  if (!user || user.emailVerified) return null;
  const waiting = (
    <Button color="inherit" size="small" variant="outlined" disabled className={styles.waiting}>
      Resend email
    </Button>
  );
  return (
    // A region, not an alert: it stays on every page, and should not be announced on each.
    <div role="region" aria-label="Email verification" className={styles.banner}>
      <span className={styles.icon}>
        <Icon path={WARNING_ICON} size={22} />
      </span>
      <div className={styles.message}>
        Please confirm your email address: open the link we sent to <strong>{user.email}</strong>.
      </div>
      <div className={styles.action}>
        {hydrated ? (
          <Suspense fallback={waiting}>
            <ResendVerificationButton email={user.email} />
          </Suspense>
        ) : (
          waiting
        )}
      </div>
    </div>
  );
}
