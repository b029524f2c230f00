import { Icon } from '../../../components/ui/icon';
import { ResendVerificationButton } from './resend-verification-button';
import styles from './verify-email-banner.module.css';

/** Material's ReportProblemOutlined, the icon of MUI's warning Alert. */
const WARNING_ICON = 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z';

/**
 * Shown under the navbar to a signed-in person whose address is not verified yet. They may
 * shop meanwhile; an admin right waits for it (docs/decisions/010).
 */
export default function VerifyEmailBanner({ email }: { email: string }) {
  return (
    // A region, not an alert: it stays on every page, and should not be announced on each.
    <div role="region" aria-label="Email verification" className={styles.banner}>
      <span className={styles.icon}>
        <Icon path={WARNING_ICON} size={22} />
      </span>
      <div className={styles.message}>
        Please confirm your email address: open the link we sent to <strong>{email}</strong>.
      </div>
      <div className={styles.action}>
        <ResendVerificationButton email={email} />
      </div>
    </div>
  );
}
