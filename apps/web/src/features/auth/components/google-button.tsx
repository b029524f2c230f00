import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { google } from '../../../components/ui/icons';
import { useHydrated } from '../../../components/use-hydrated';
import { usePublicConfig } from '../../../lib/public-config';
import styles from './google-button.module.css';
import { OrDivider } from './or-divider';

interface GoogleButtonProps {
  onClick: () => void;
}

/**
 * "or" and Continue With Google, below a form. When the server has no Google client (GET /config's
 * googleEnabled, which a server-rendered page has in its page data) neither is drawn: a button
 * that cannot work is only noise (issue 28). On a page the server renders the button waits for its
 * island's code: a click before that would open nothing.
 */
export function GoogleButton({ onClick }: GoogleButtonProps) {
  const { data: config } = usePublicConfig();
  const hydrated = useHydrated();
  // Until the settings say Google is on, nothing: a button that might vanish is worse than one
  // that appears (a server-rendered page has the settings before it draws).
  if (config?.googleEnabled !== true) return null;
  return (
    <>
      <OrDivider />
      <Button
        variant="outlined"
        size="large"
        fullWidth
        className={styles.google}
        disabled={!hydrated}
        onClick={onClick}
      >
        <Icon path={google} size={22} className={styles.icon} />
        Continue With Google
      </Button>
    </>
  );
}
