import Typography from '@mui/material/Typography';

/**
 * SPEC section 8: an identity failure shows the provider's code text in red, wrapped in
 * asterisks (*INVALID_EMAIL_OR_PASSWORD*), right under the field it concerns.
 */
export function AuthErrorText({ code }: { code: string | null }) {
  if (!code) return null;
  return (
    <Typography
      role="alert"
      data-testid="auth-error"
      color="error"
      sx={{ mt: 1, fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      {`*${code}*`}
    </Typography>
  );
}
