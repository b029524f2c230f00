import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import styles from './card-form.module.css';

interface CardFormLayoutProps {
  children: ReactNode;
  /** The gateway's message, shown in red right above Pay (SPEC section 8). */
  error: string | null;
  /** Gateway and client secret both ready (SPEC section 4). */
  ready: boolean;
  processing: boolean;
  onSubmit: () => void;
}

/**
 * The part both gateways share: their card fields, the card error, then Pay. Drawn without MUI,
 * so the purchase's payment page loads no styling library.
 */
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
    <form noValidate onSubmit={submit} aria-label="Card payment" className={styles.form}>
      {children}
      {/* Always in the page, so screen readers announce a message as soon as it appears. */}
      <p role="alert" data-testid="card-error" className={styles.error}>
        {error}
      </p>
      <Button type="submit" variant="contained" size="large" disabled={!ready} loading={processing}>
        Pay
      </Button>
    </form>
  );
}
