import { messages } from '@shop/shared';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { CardForm } from './card-form';
import styles from './payment-panel.module.css';

export { styles as paymentStyles };

export function TransactionId({ id }: { id: string }) {
  return (
    <p className={styles.transaction}>
      Your transaction id:{' '}
      <span data-testid="transaction-id" className={styles.monospace}>
        {id}
      </span>
    </p>
  );
}

interface PaymentPanelProps {
  /** What the payment covers (a line, or a purchase's unpaid lines) and its total. */
  summary: ReactNode;
  /** The gateway's client secret for this payment, as its query has it. */
  clientSecret: {
    data?: string | null;
    error: Error | null;
    isFetching: boolean;
    refetch: () => unknown;
  };
  billingDetails: { name: string; email: string };
  /** Records the confirmed payment with the shop, which checks it with the gateway. */
  record: (transactionId: string) => void;
  /** That recording, as its mutation has it. */
  recording: { isError: boolean; isSuccess: boolean; error: Error | null };
  /** What shows once the shop has recorded it; a status line unless told. */
  completed?: (transactionId: string) => ReactNode;
}

/**
 * The one way the shop takes a card payment (a line's or a purchase's): the summary beside the
 * gateway's card form; once the card is charged, the payment is recorded with the shop, and if
 * that fails the buyer can try the recording again without paying twice.
 */
export function PaymentPanel({
  summary,
  clientSecret,
  billingDetails,
  record,
  recording,
  completed,
}: PaymentPanelProps) {
  const [intentId, setIntentId] = useState<string | null>(null);

  if (intentId && recording.isSuccess) {
    return completed ? (
      completed(intentId)
    ) : (
      <Alert severity="info" role="status">
        {messages.paymentCompletedInline}
      </Alert>
    );
  }
  if (intentId) {
    return recording.isError ? (
      <Alert
        severity="error"
        title="Your card was charged, but the shop has not recorded it yet."
        action={
          <Button color="inherit" size="small" onClick={() => record(intentId)}>
            Try again
          </Button>
        }
      >
        {recording.error?.message}
        <TransactionId id={intentId} />
      </Alert>
    ) : (
      <Alert severity="info" role="status">
        Recording your payment with the shop…
      </Alert>
    );
  }
  return (
    <div className={styles.columns}>
      {summary}
      <div className={styles.panel}>
        {clientSecret.error ? (
          <LoadError
            title="The payment could not be prepared."
            error={clientSecret.error}
            retrying={clientSecret.isFetching}
            onRetry={() => void clientSecret.refetch()}
          />
        ) : (
          <CardForm
            clientSecret={clientSecret.data ?? null}
            billingDetails={billingDetails}
            onSucceeded={(paymentIntentId) => {
              setIntentId(paymentIntentId);
              record(paymentIntentId);
            }}
          />
        )}
      </div>
    </div>
  );
}
