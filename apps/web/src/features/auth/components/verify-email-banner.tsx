import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { ResendVerificationButton } from './resend-verification-button';

/**
 * Shown under the navbar to a signed-in person whose address is not verified yet. They may
 * shop meanwhile; an admin right waits for it (docs/decisions/010).
 */
export default function VerifyEmailBanner({ email }: { email: string }) {
  return (
    // A region, not an alert: it stays on every page, and should not be announced on each.
    <Alert
      role="region"
      aria-label="Email verification"
      severity="warning"
      sx={{ borderRadius: 0, alignItems: 'center', flexWrap: 'wrap' }}
      action={<ResendVerificationButton email={email} />}
    >
      <Box component="span">
        Please confirm your email address: open the link we sent to <strong>{email}</strong>.
      </Box>
    </Alert>
  );
}
