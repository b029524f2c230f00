import { Button } from '../../../components/ui/button';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { AuthErrorText } from './auth-error-text';
import styles from './resend-verification-button.module.css';

export const VERIFICATION_SENT = 'Email sent: check your inbox.';

/** "Resend email": a new verification link for the signed-in person's own address. */
export function ResendVerificationButton({ email }: { email: string }) {
  const send = useSendVerificationEmail();
  return (
    <>
      <Button
        color="inherit"
        size="small"
        variant="outlined"
        className={styles.resend}
        disabled={send.isPending || send.isSuccess}
        onClick={() => send.mutate(email)}
      >
        {send.isSuccess ? VERIFICATION_SENT : 'Resend email'}
      </Button>
      <AuthErrorText code={send.error?.code ?? null} />
    </>
  );
}
