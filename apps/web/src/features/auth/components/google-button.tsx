import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { google } from '../../../components/ui/icons';
import { useHydrated } from '../../../components/use-hydrated';
import { usePublicConfig } from '../../../lib/public-config';
import styles from './google-button.module.css';

interface GoogleButtonProps {
  onClick: () => void;
}

/**
 * Continue With Google; disabled, and saying why, when the server has no Google client. On a page
 * the server renders it waits for its island's code: a click before that would open nothing.
 */
export function GoogleButton({ onClick }: GoogleButtonProps) {
  const { data: config } = usePublicConfig();
  const hydrated = useHydrated();
  const notConfigured = config?.googleEnabled === false;
  return (
    <Button
      variant="outlined"
      size="large"
      fullWidth
      className={styles.google}
      disabled={!hydrated || config?.googleEnabled !== true}
      onClick={onClick}
    >
      <Icon path={google} size={22} className={styles.icon} />
      {notConfigured ? 'Google sign-in is not configured' : 'Continue With Google'}
    </Button>
  );
}
