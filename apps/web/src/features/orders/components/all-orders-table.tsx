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
import { messages, orderStatus, type Order, type ShipOrder } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/ui/load-error';
import { formatDateTime, formatNumber, formatPrice } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useDeleteOrder } from '../api/delete-order';
import { useAllOrders } from '../api/get-all-orders';
import { useShipOrder } from '../api/ship-order';
import { DashboardHeading } from './dashboard-heading';
import { OrderProduct } from './order-product';
import { OrdersTableSkeleton } from './orders-table-skeleton';
import { ShipDialog } from './ship-dialog';
import { TestPaymentChip } from './test-payment-chip';

interface AllOrdersTableProps {
  /** A deleted order gives its stock back: the page showing products should know. */
  onStockReleased?: () => void;
}

interface StatusCellProps {
  order: Order;
  shipping: boolean;
  onShip: (order: Order) => void;
  onDelete: (order: Order) => void;
}

/**
 * SPEC sections 2 and 4: Unpaid with Delete, Pending (paid) with the shipping action, and
 * Shipping as a disabled button once shipped.
 */
function StatusCell({ order, shipping, onShip, onDelete }: StatusCellProps) {
  const status = orderStatus(order);
  if (status === 'Shipping') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" size="small" disabled>
          Shipping
        </Button>
        <TestPaymentChip order={order} />
      </Stack>
    );
  }
  const paid = status === 'Pending';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Chip
        label={status}
        size="small"
        color={paid ? 'info' : 'warning'}
        variant={paid ? 'filled' : 'outlined'}
      />
      <TestPaymentChip order={order} />
      {paid ? (
        <Button variant="contained" size="small" loading={shipping} onClick={() => onShip(order)}>
          Ship
        </Button>
      ) : (
        <Button variant="outlined" color="error" size="small" onClick={() => onDelete(order)}>
          Delete
        </Button>
      )}
    </Stack>
  );
}

/** "UPS, tracking 1Z999AA1": what the admin gave when shipping, if anything. */
export const shipmentText = (order: Order) =>
  [order.carrier, order.trackingNumber && `tracking ${order.trackingNumber}`]
    .filter(Boolean)
    .join(', ');

function OrderDetail({ order }: { order: Order }) {
  if (order.paid && order.transactionId) {
    const shipment = order.shipping ? shipmentText(order) : '';
    return (
      <Typography variant="caption" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
        {shipment && (
          <>
            Shipped: {shipment}
            <br />
          </>
        )}
        Transaction id: {order.transactionId}
      </Typography>
    );
  }
  if (!order.paid && order.holdExpiresAt) {
    return (
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Held until {formatDateTime(order.holdExpiresAt)}
      </Typography>
    );
  }
  return null;
}

/** SPEC section 2, Manage All Orders: every customer's orders, shipped and deleted from here. */
export function AllOrdersTable({ onStockReleased }: AllOrdersTableProps) {
  const orders = useAllOrders();
  const shipOrder = useShipOrder();
  const deleteOrder = useDeleteOrder();
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [shipping, setShipping] = useState<Order | null>(null);

  const confirmShip = (shipment: NonNullable<ShipOrder>) => {
    const order = shipping;
    if (!order) return;
    shipOrder.mutate(
      { id: order._id, shipment },
      {
        onSuccess: () => notify.success(`${order.productName} for ${order.name} is shipping.`),
        onError: (error) => notify.error(error.message),
        onSettled: () => setShipping(null),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    deleteOrder.mutate(deleting._id, {
      onSuccess: () => {
        notify.success('Order deleted.');
        onStockReleased?.();
      },
      onError: (error) => notify.error(error.message),
      onSettled: () => setDeleting(null),
    });
  };

  let body;
  if (orders.isPending) {
    body = <OrdersTableSkeleton />;
  } else if (orders.error) {
    body = (
      <LoadError
        title="We could not load the orders."
        error={orders.error}
        retrying={orders.isFetching}
        onRetry={() => void orders.refetch()}
      />
    );
  } else if (orders.data.length === 0) {
    body = <Alert severity="info">No orders yet.</Alert>;
  } else {
    body = (
      <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table aria-label="All orders" sx={{ minWidth: 880 }}>
          <TableHead>
            <TableRow>
              <TableCell>Customer</TableCell>
              <TableCell>Product</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {orders.data.map((order) => (
              <TableRow key={order._id} data-testid="order-row" data-order-id={order._id}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {order.name}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {order.email}
                  </Typography>
                  <Typography
                    variant="caption"
                    component="p"
                    sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
                  >
                    Ship to: {order.address}
                    <br />
                    Phone: {order.number}
                    <br />
                    {order.purchaseNumber}
                  </Typography>
                </TableCell>
                <TableCell>
                  <OrderProduct order={order} />
                </TableCell>
                <TableCell align="right">{formatNumber(order.quantity)}</TableCell>
                <TableCell align="right">{formatPrice(order.price)}</TableCell>
                <TableCell>
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <StatusCell
                      order={order}
                      shipping={shipOrder.isPending && shipOrder.variables?.id === order._id}
                      onShip={setShipping}
                      onDelete={setDeleting}
                    />
                    <OrderDetail order={order} />
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <>
      <DashboardHeading title="Manage All Orders">
        Ship paid orders and delete unpaid ones. Deleting an order puts its stock back on sale.
      </DashboardHeading>
      {body}
      <ShipDialog
        order={shipping}
        pending={shipOrder.isPending}
        onConfirm={confirmShip}
        onCancel={() => setShipping(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        question={messages.confirmCancelOrder}
        detail={
          deleting &&
          `${deleting.name} (${deleting.email}): ${formatNumber(deleting.quantity)} × ${deleting.productName}`
        }
        pending={deleteOrder.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
