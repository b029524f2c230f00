import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

/** What a section shows when its data could not be loaded, with a way to try again. */
export function LoadError({ title, error, onRetry, retrying = false }: LoadErrorProps) {
  const detail = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {detail}
    </Alert>
  );
}
