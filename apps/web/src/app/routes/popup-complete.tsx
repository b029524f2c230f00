import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { POPUP_MESSAGE_TYPE, type PopupMessage } from '../../features/auth/popup/popup-message';
import styles from './popup-complete.module.css';

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
    <main className={styles.page}>
      <h1 className={styles.title}>
        {error ? 'Google sign-in did not complete' : 'Signed in with Google'}
      </h1>
      <p className={styles.text}>
        {error ? `*${error}*` : 'You can close this window and go back to the shop.'}
      </p>
    </main>
  );
}
