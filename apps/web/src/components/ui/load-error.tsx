import { Button } from './button';
import { Icon } from './icon';
import styles from './load-error.module.css';

/** Material's ErrorOutline, the icon of MUI's error Alert. */
const errorOutline =
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8';

interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

/**
 * What a section shows when its data could not be loaded, with a way to try again: the look of
 * components/load-error.tsx (MUI's Alert) in plain CSS, for the sections of server-rendered pages.
 */
export function LoadError({ title, error, onRetry, retrying = false }: LoadErrorProps) {
  const detail = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div role="alert" className={styles.alert}>
      <span className={styles.icon}>
        <Icon path={errorOutline} size={22} />
      </span>
      <div className={styles.message}>
        <p className={styles.title}>{title}</p>
        {detail}
      </div>
      <div className={styles.action}>
        <Button
          color="inherit"
          className={styles.retry}
          // Pressed again while it retries, it does nothing (it stays focusable, unlike disabled).
          onClick={retrying ? undefined : onRetry}
          aria-disabled={retrying || undefined}
          aria-busy={retrying || undefined}
        >
          Retry
        </Button>
      </div>
    </div>
  );
}
