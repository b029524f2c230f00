import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { messages, type Order } from '@shop/shared';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber, formatPrice } from '../../../lib/format';
import { useSignOutToHome } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { DashboardHeading } from './dashboard-heading';
import { OrderProduct } from './order-product';
import { OrdersTableSkeleton } from './orders-table-skeleton';
import { TestPaymentChip } from './test-payment-chip';

interface MyOrdersTableProps {
  /** A cancelled order gives its stock back: the page showing products should know. */
  onStockReleased?: () => void;
}

/** SPEC section 4: the customer sees Unpaid, or Paid once a transaction id is recorded. */
function CustomerStatus({ order }: { order: Order }) {
  if (!order.paid) {
    return (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Chip label="Unpaid" color="warning" size="small" variant="outlined" />
        {order.holdExpiresAt && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Held until {formatDateTime(order.holdExpiresAt)}
          </Typography>
        )}
      </Stack>
    );
  }
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={0.5}>
        <Chip label="Paid" color="success" size="small" />
        {order.shipping && <Chip label="Shipped" color="info" size="small" />}
        <TestPaymentChip order={order} />
      </Stack>
      {order.transactionId && (
        <Typography variant="caption" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
          Transaction id:{' '}
          <Typography component="span" variant="caption" sx={{ fontFamily: 'monospace' }}>
            {order.transactionId}
          </Typography>
        </Typography>
      )}
    </Stack>
  );
}

function OrderRow({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  return (
    <TableRow data-testid="order-row" data-order-id={order._id}>
      <TableCell>
        <OrderProduct order={order} />
      </TableCell>
      <TableCell align="right">{formatNumber(order.quantity)}</TableCell>
      <TableCell align="right">{formatPrice(order.price)}</TableCell>
      <TableCell>
        <CustomerStatus order={order} />
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1}>
          {!order.paid && (
            <Button
              component={RouterLink}
              to={`/dashboard/payment/${order._id}`}
              variant="contained"
              size="small"
            >
              Pay
            </Button>
          )}
          <Button
            variant="outlined"
            color="error"
            size="small"
            disabled={order.paid}
            onClick={() => onCancel(order)}
          >
            Cancel
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/**
 * SPEC section 2, My Orders: the user's orders with Pay for unpaid ones and Cancel, disabled once
 * paid. SPEC section 6: a 401 or 403 from the list signs the user out and goes to /.
 */
export function MyOrdersTable({ onStockReleased }: MyOrdersTableProps) {
  const orders = useMyOrders();
  const cancelOrder = useCancelOrder();
  const signOutToHome = useSignOutToHome();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const refused = orders.error instanceof ApiError && orders.error.isAuthFailure;

  useEffect(() => {
    if (refused) signOutToHome();
  }, [refused, signOutToHome]);

  const confirmCancel = () => {
    if (!cancelling) return;
    cancelOrder.mutate(cancelling._id, {
      onSuccess: () => {
        notify.success('Order cancelled.');
        onStockReleased?.();
      },
      onError: (error) => notify.error(error.message),
      onSettled: () => setCancelling(null),
    });
  };

  let body;
  if (orders.isPending || refused) {
    body = <OrdersTableSkeleton />;
  } else if (orders.error) {
    body = (
      <LoadError
        title="We could not load your orders."
        error={orders.error}
        retrying={orders.isFetching}
        onRetry={() => void orders.refetch()}
      />
    );
  } else if (orders.data.length === 0) {
    body = (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/" color="inherit" size="small">
            Browse products
          </Button>
        }
      >
        You have no orders yet.
      </Alert>
    );
  } else {
    body = (
      <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table aria-label="My orders" sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {orders.data.map((order) => (
              <OrderRow key={order._id} order={order} onCancel={setCancelling} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <>
      <DashboardHeading title="My Orders">
        Pay for your orders or cancel the ones you no longer need. Unpaid orders hold their stock
        for a limited time.
      </DashboardHeading>
      {body}
      <ConfirmDialog
        open={cancelling !== null}
        question={messages.confirmCancelOrder}
        detail={
          cancelling &&
          `${formatNumber(cancelling.quantity)} × ${cancelling.productName}, ${formatPrice(cancelling.price)}`
        }
        pending={cancelOrder.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      />
    </>
  );
}
