import { messages, trackingUrl, type Order } from '@shop/shared';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { Chip } from '../../../components/ui/chip';
import { cx } from '../../../components/ui/container';
import { LoadError } from '../../../components/ui/load-error';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../../components/ui/table';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber, formatPrice } from '../../../lib/format';
import { useSignOutToHome } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { DashboardHeading } from './dashboard-heading';
import { PageLink } from '../../../components/ui/navigation';
import { OrderProduct } from './order-product';
import styles from './orders.module.css';
import { OrdersTableSkeleton } from './orders-table-skeleton';
import { TestPaymentChip } from './test-payment-chip';

interface MyOrdersTableProps {
  /** A cancelled order gives its stock back: the page showing products should know. */
  onStockReleased?: () => void;
}

/** The carrier and tracking number the admin gave, the number linking to the carrier's page. */
function Shipment({ order }: { order: Order }) {
  const url = trackingUrl(order.carrier, order.trackingNumber);
  const number = order.trackingNumber;
  return (
    <span className={cx(styles.caption, styles.breakAll)}>
      Shipped{order.carrier ? ` with ${order.carrier}` : ''}
      {number && (
        <>
          , tracking{' '}
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer">
              {number}
            </a>
          ) : (
            number
          )}
        </>
      )}
    </span>
  );
}

/** SPEC section 4: the customer sees Unpaid, or Paid once a transaction id is recorded. */
function CustomerStatus({ order }: { order: Order }) {
  if (!order.paid) {
    return (
      <div className={styles.status}>
        <Chip label="Unpaid" color="warning" size="small" variant="outlined" />
        {order.holdExpiresAt && (
          <span className={styles.caption}>Held until {formatDateTime(order.holdExpiresAt)}</span>
        )}
      </div>
    );
  }
  return (
    <div className={styles.status}>
      <div className={styles.chips}>
        <Chip label="Paid" color="success" size="small" />
        {order.shipping && <Chip label="Shipped" color="info" size="small" />}
        <TestPaymentChip order={order} />
      </div>
      {order.shipping && (order.carrier || order.trackingNumber) && <Shipment order={order} />}
      {order.transactionId && (
        <span className={cx(styles.caption, styles.breakAll)}>
          Transaction id: <span className={styles.monospace}>{order.transactionId}</span>
        </span>
      )}
    </div>
  );
}

function OrderRow({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  return (
    <TableRow data-testid="order-row" data-order-id={order._id}>
      <TableCell>
        <OrderProduct order={order} />
        <PageLink className={styles.caption} href={`/dashboard/purchases/${order.purchaseId}`}>
          Purchase {order.purchaseNumber}
        </PageLink>
      </TableCell>
      <TableCell align="right">{formatNumber(order.quantity)}</TableCell>
      <TableCell align="right">{formatPrice(order.price)}</TableCell>
      <TableCell>
        <CustomerStatus order={order} />
      </TableCell>
      <TableCell>
        <div className={styles.actions}>
          {!order.paid && (
            <ButtonLink href={`/dashboard/payment/${order._id}`} variant="contained" size="small">
              Pay
            </ButtonLink>
          )}
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            className={errorButton.outlined}
            disabled={order.paid}
            onClick={() => onCancel(order)}
          >
            Cancel
          </Button>
        </div>
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
          <ButtonLink href="/" color="inherit" size="small">
            Browse products
          </ButtonLink>
        }
      >
        You have no orders yet.
      </Alert>
    );
  } else {
    body = (
      <TableContainer>
        <Table aria-label="My orders" className={styles.myOrders}>
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
