import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { POPUP_MESSAGE_TYPE, type PopupMessage } from '../../features/auth/popup/popup-message';

/**
 * /auth/popup-complete: where Better Auth sends the Google popup back. It tells the shop window
 * that opened it how the sign-in went (to this origin only) and closes itself.
 */
export default function PopupCompletePage() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
  const opener = window.opener as Window | null;

  useEffect(() => {
    if (!opener) return;
    const message: PopupMessage = error
      ? { type: POPUP_MESSAGE_TYPE, ok: false, error }
      : { type: POPUP_MESSAGE_TYPE, ok: true };
    opener.postMessage(message, window.location.origin);
    window.close();
  }, [opener, error]);

  return (
    <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {error ? 'Google sign-in did not complete' : 'Signed in with Google'}
      </Typography>
      <Typography sx={{ mt: 2 }}>
        {error ? `*${error}*` : 'You can close this window and go back to the shop.'}
      </Typography>
    </Box>
  );
}
