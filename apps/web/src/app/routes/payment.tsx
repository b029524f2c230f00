import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages, type Order } from '@shop/shared';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadError } from '../../components/ui/load-error';
import { ApiError } from '../../lib/api-client';
import { formatPieces, formatPrice } from '../../lib/format';
import { useSession } from '../../lib/session';
import { notify } from '../../components/ui/toast';
import { useClientSecret } from '../../features/orders/api/create-payment-intent';
import { useOrder } from '../../features/orders/api/get-order';
import { useRecordPayment } from '../../features/orders/api/record-payment';
import { DashboardHeading } from '../../features/orders/components/dashboard-heading';
import { OrderProduct } from '../../features/orders/components/order-product';
import { CardForm } from '../../features/orders/components/payment/card-form';

const backToOrders = (
  <Button component={RouterLink} to="/dashboard/myorders" variant="outlined">
    Back to My Orders
  </Button>
);

function OrderSummary({ order }: { order: Order }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="order-summary">
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        Pay {formatPrice(order.price)}
      </Typography>
      <OrderProduct order={order} />
      <Stack spacing={0.5} sx={{ mt: 2 }}>
        <Typography variant="body2">{`Quantity: ${formatPieces(order.quantity)}`}</Typography>
        <Typography variant="body2">{`Total: ${formatPrice(order.price)}`}</Typography>
      </Stack>
    </Paper>
  );
}

function TransactionId({ id }: { id: string }) {
  return (
    <Typography sx={{ mt: 1, wordBreak: 'break-all' }}>
      Your transaction id:{' '}
      <Box component="span" data-testid="transaction-id" sx={{ fontFamily: 'monospace' }}>
        {id}
      </Box>
    </Typography>
  );
}

/** Why an order cannot be shown here, in words rather than a status code. */
function orderErrorText(error: Error): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 403) return 'This order belongs to another account.';
  if (error.status === 404 || error.status === 400) return 'We could not find this order.';
  return null;
}

/**
 * SPEC section 2, /dashboard/payment/{id}: the order and the card form of the configured
 * gateway. Pay waits for the gateway and the client secret (SPEC section 4); a confirmed payment
 * is recorded (`routes.orders.recordPayment`), which the server checks with the gateway.
 */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const order = useOrder(id);
  const clientSecret = useClientSecret(id, order.data);
  const recordPayment = useRecordPayment();
  const [intentId, setIntentId] = useState<string | null>(null);

  const record = (transactionId: string) =>
    recordPayment.mutate(
      { _id: id, transactionId },
      { onSuccess: () => notify.success(messages.paymentCompletedToast) },
    );
  const onSucceeded = (paymentIntentId: string) => {
    setIntentId(paymentIntentId);
    record(paymentIntentId);
  };

  let body;
  if (recordPayment.isSuccess) {
    body = (
      <Alert severity="success" role="status" data-testid="payment-completed">
        <AlertTitle>{messages.paymentCompletedInline}</AlertTitle>
        <TransactionId id={recordPayment.data.transactionId ?? intentId ?? ''} />
        <Box sx={{ mt: 2 }}>{backToOrders}</Box>
      </Alert>
    );
  } else if (intentId) {
    body = recordPayment.isError ? (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => record(intentId)}>
            Try again
          </Button>
        }
      >
        <AlertTitle>Your card was charged, but the shop has not recorded it yet.</AlertTitle>
        {recordPayment.error.message}
        <TransactionId id={intentId} />
      </Alert>
    ) : (
      <Alert severity="info">Recording your payment with the shop…</Alert>
    );
  } else if (order.isPending) {
    body = <Skeleton variant="rounded" height={240} />;
  } else if (order.error) {
    const text = orderErrorText(order.error);
    body = text ? (
      <Alert severity="warning" action={backToOrders}>
        {text}
      </Alert>
    ) : (
      <LoadError
        title="We could not load this order."
        error={order.error}
        retrying={order.isFetching}
        onRetry={() => void order.refetch()}
      />
    );
  } else if (order.data.paid) {
    body = (
      <Alert severity="info" data-testid="already-paid">
        <AlertTitle>This order is already paid.</AlertTitle>
        {order.data.transactionId && <TransactionId id={order.data.transactionId} />}
        <Box sx={{ mt: 2 }}>{backToOrders}</Box>
      </Alert>
    );
  } else {
    body = (
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <OrderSummary order={order.data} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
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
                  name: user?.displayName ?? order.data.name,
                  email: user?.email ?? order.data.email,
                }}
                onSucceeded={onSucceeded}
              />
            )}
          </Paper>
        </Grid>
      </Grid>
    );
  }

  return (
    <>
      <DashboardHeading title="Payment">Pay for your order securely by card.</DashboardHeading>
      {body}
    </>
  );
}
