import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import { usePublicConfig } from '../../../lib/public-config';

interface GoogleButtonProps {
  onClick: () => void;
}

/** Continue With Google; disabled, and saying why, when the server has no Google client. */
export function GoogleButton({ onClick }: GoogleButtonProps) {
  const { data: config } = usePublicConfig();
  const notConfigured = config?.googleEnabled === false;
  return (
    <Button
      variant="outlined"
      size="large"
      fullWidth
      startIcon={<GoogleIcon aria-hidden />}
      disabled={config?.googleEnabled !== true}
      onClick={onClick}
    >
      {notConfigured ? 'Google sign-in is not configured' : 'Continue With Google'}
    </Button>
  );
}
