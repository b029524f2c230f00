import { Alert } from './alert';
import { Button } from './button';
import styles from './load-error.module.css';

interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

/**
 * What a section shows when its data could not be loaded, with a way to try again: an error
 * Alert with a small Retry button.
 */
export function LoadError({ title, error, onRetry, retrying = false }: LoadErrorProps) {
  const detail = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <Alert
      severity="error"
      title={title}
      action={
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
      }
    >
      {detail}
    </Alert>
  );
}
