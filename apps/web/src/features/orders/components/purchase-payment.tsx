import { messages, type Purchase } from '@shop/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { formatPieces, formatPrice } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { usePurchaseClientSecret, useRecordPurchasePayment } from '../api/pay-purchase';
import { DashboardHeading } from './dashboard-heading';
import { OrderProduct } from './order-product';
import { CardForm } from './payment/card-form';
import styles from './purchase-payment.module.css';

export const purchasePath = (id: string) => `/dashboard/purchases/${id}`;

function BackToPurchase({ purchase }: { purchase: Purchase }) {
  return (
    <ButtonLink href={purchasePath(purchase._id)} variant="outlined" className={styles.back}>
      Back to purchase {purchase.number}
    </ButtonLink>
  );
}

/** What this one payment covers: the unpaid lines only, and their total. */
function PurchaseSummary({ purchase }: { purchase: Purchase }) {
  const unpaid = purchase.orders.filter((order) => !order.paid);
  return (
    <section className={styles.panel} data-testid="purchase-summary" aria-labelledby="pay-total">
      <h2 id="pay-total" className={styles.summaryTitle}>
        Pay {formatPrice(purchase.unpaidTotal)}
      </h2>
      <ul className={styles.lines} aria-label="Lines to pay">
        {unpaid.map((order) => (
          <li key={order._id}>
            <OrderProduct order={order} />
            <p className={styles.lineFigures}>
              {formatPrice(order.unitPrice)} × {formatPieces(order.quantity)} ={' '}
              {formatPrice(order.price)}
            </p>
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        {unpaid.length === 1 ? '1 line' : `${unpaid.length} lines`}, total{' '}
        {formatPrice(purchase.unpaidTotal)}
      </p>
    </section>
  );
}

function TransactionId({ id }: { id: string }) {
  return (
    <p className={styles.transaction}>
      Your transaction id:{' '}
      <span data-testid="transaction-id" className={styles.monospace}>
        {id}
      </span>
    </p>
  );
}

interface PurchasePaymentProps {
  purchase: Purchase;
  /** Every unpaid line is now paid: the page goes back to the purchase. */
  onPaid: (purchase: Purchase) => void;
}

/**
 * One card payment for every unpaid line of a purchase (DESIGN section 8): the intent is asked
 * for with `{ purchaseId }`, the server prices it from the unpaid lines, and the confirmed
 * payment is recorded with PUT /purchase/{id}/pay, which checks it with the gateway.
 */
export function PurchasePayment({ purchase, onPaid }: PurchasePaymentProps) {
  const { user } = useSession();
  const clientSecret = usePurchaseClientSecret(purchase._id, purchase);
  const recordPayment = useRecordPurchasePayment();
  const [intentId, setIntentId] = useState<string | null>(null);

  const record = (transactionId: string) =>
    recordPayment.mutate({ purchaseId: purchase._id, transactionId }, { onSuccess: onPaid });
  const onSucceeded = (paymentIntentId: string) => {
    setIntentId(paymentIntentId);
    record(paymentIntentId);
  };

  let body;
  if (intentId) {
    body = recordPayment.isError ? (
      <Alert
        severity="error"
        title="Your card was charged, but the shop has not recorded it yet."
        action={
          <Button color="inherit" size="small" onClick={() => record(intentId)}>
            Try again
          </Button>
        }
      >
        {recordPayment.error.message}
        <TransactionId id={intentId} />
      </Alert>
    ) : (
      <Alert severity="info" role="status">
        {recordPayment.isSuccess
          ? messages.paymentCompletedInline
          : 'Recording your payment with the shop…'}
      </Alert>
    );
  } else if (purchase.unpaidTotal === 0) {
    body = (
      <Alert
        severity="info"
        data-testid="already-paid"
        title="Every line of this purchase is paid."
      >
        <BackToPurchase purchase={purchase} />
      </Alert>
    );
  } else {
    body = (
      <div className={styles.columns}>
        <PurchaseSummary purchase={purchase} />
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
              billingDetails={{
                name: user?.displayName ?? purchase.name,
                email: user?.email ?? purchase.email,
              }}
              onSucceeded={onSucceeded}
            />
          )}
        </div>
      </div>
    );
  }

  return (
    <>
      <DashboardHeading title={`Pay purchase ${purchase.number}`}>
        One card payment for every unpaid line of this purchase.
      </DashboardHeading>
      {body}
    </>
  );
}
