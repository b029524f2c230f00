import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';

interface CardFormLayoutProps {
  children: ReactNode;
  /** The gateway's message, shown in red right above Pay (SPEC section 8). */
  error: string | null;
  /** Gateway and client secret both ready (SPEC section 4). */
  ready: boolean;
  processing: boolean;
  onSubmit: () => void;
}

/** The part both gateways share: their card fields, the card error, then Pay. */
export function CardFormLayout({
  children,
  error,
  ready,
  processing,
  onSubmit,
}: CardFormLayoutProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !processing) onSubmit();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Card payment">
      <Stack spacing={2}>
        {children}
        {/* Always in the page, so screen readers announce a message as soon as it appears. */}
        <Typography
          role="alert"
          data-testid="card-error"
          color="error"
          variant="body2"
          sx={{ fontWeight: 600, minHeight: '1.5em' }}
        >
          {error}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!ready}
          loading={processing}
        >
          Pay
        </Button>
      </Stack>
    </Box>
  );
}
