import {
  ADMIN_ORDER_STATUS_LABELS,
  ADMIN_ORDER_STATUSES,
  messages,
  orderStatus,
  PURCHASE_STATUS_LABELS,
  type AdminOrder,
  type Order,
  type Purchase,
  type ShipOrder,
  type ShipPurchase,
} from '@shop/shared';
import { Fragment, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { Chip } from '../../../components/ui/chip';
import { cx } from '../../../components/ui/container';
import { LoadError } from '../../../components/ui/load-error';
import { PageLink } from '../../../components/ui/navigation';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../../components/ui/table';
import { SearchField } from '../../../components/search-field';
import {
  formatDateTime,
  formatDay,
  formatDayRange,
  formatNumber,
  formatPrice,
} from '../../../lib/format';
import { notify } from '../../../components/ui/toast';
import { useDeleteOrder } from '../api/delete-order';
import {
  downloadAdminOrdersCsv,
  useAdminOrders,
  type AdminOrderFilter,
} from '../api/get-admin-orders';
import { useShipOrder } from '../api/ship-order';
import { useShipPurchase } from '../api/ship-purchase';
import styles from './all-orders.module.css';
import { DashboardHeading } from './dashboard-heading';
import orderStyles from './orders.module.css';
import { OrdersTableSkeleton } from './orders-table-skeleton';
import { ShipDialog } from './ship-dialog';
import { leftToShip, ShipPurchaseDialog } from './ship-purchase-dialog';
import { TestPaymentChip } from './test-payment-chip';

/** Orders per page: a screenful of cards on a phone, a few screens of rows on a desk. */
export const ADMIN_ORDERS_PER_PAGE = 25;

/** The status filter's choices: SPEC's Pending is what the API calls paid (not yet shipped). */
const STATUS_CHOICES: { label: string; value: AdminOrderFilter['status'] }[] = [
  { label: 'All', value: null },
  ...ADMIN_ORDER_STATUSES.map((value) => ({ label: ADMIN_ORDER_STATUS_LABELS[value], value })),
];

export interface AllOrdersView extends AdminOrderFilter {
  page: number;
}

interface AllOrdersTableProps {
  /** What the page shows: the search, status, paid dates and page (the route keeps it in the URL). */
  view: AllOrdersView;
  /** A new search or status starts again at page 1; `replace` while typing (no history entry each). */
  onViewChange: (view: AllOrdersView, options?: { replace?: boolean }) => void;
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
      <div className={orderStyles.actions}>
        <Button variant="outlined" size="small" disabled>
          Shipping
        </Button>
        <TestPaymentChip order={order} />
      </div>
    );
  }
  const paid = status === 'Pending';
  return (
    <div className={cx(orderStyles.actions, styles.wrap)}>
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
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          className={errorButton.outlined}
          onClick={() => onDelete(order)}
        >
          Delete
        </Button>
      )}
    </div>
  );
}

/** "UPS, tracking 1Z999AA1": what the admin gave when shipping, if anything. */
export const shipmentText = (order: Order) =>
  [order.carrier, order.trackingNumber && `tracking ${order.trackingNumber}`]
    .filter(Boolean)
    .join(', ');

function OrderDetail({ order }: { order: Order }) {
  if (order.paid && order.transactionId) {
    const shipment = order.shippedQuantity > 0 ? shipmentText(order) : '';
    return (
      <span className={cx(orderStyles.caption, orderStyles.breakAll)}>
        {!order.shipping && order.shippedQuantity > 0 && (
          <>
            <span data-testid="partly-shipped">
              Shipped {formatNumber(order.shippedQuantity)} of {formatNumber(order.quantity)}
            </span>
            <br />
          </>
        )}
        {shipment && (
          <>
            Shipped: {shipment}
            <br />
          </>
        )}
        Transaction id: {order.transactionId}
      </span>
    );
  }
  if (!order.paid && order.holdExpiresAt) {
    return (
      <span className={orderStyles.caption}>Held until {formatDateTime(order.holdExpiresAt)}</span>
    );
  }
  return null;
}

interface OrderRowProps {
  order: AdminOrder;
  shipping: boolean;
  onShip: (order: Order) => void;
  onDelete: (order: Order) => void;
}

function OrderRow({ order, shipping, onShip, onDelete }: OrderRowProps) {
  return (
    <TableRow data-testid="order-row" data-order-id={order._id}>
      <TableCell label="Purchase">
        <span className={styles.stack}>
          <PageLink href={`/dashboard/purchases/${order.purchaseId}`} className={styles.nowrap}>
            {order.purchaseNumber}
          </PageLink>
          <span className={cx(orderStyles.caption, styles.nowrap)}>
            {formatDateTime(order.createdAt)}
          </span>
        </span>
      </TableCell>
      <TableCell label="Customer">
        <span className={cx(styles.stack, styles.customer)}>
          <span className={styles.strong}>{order.name}</span>
          <span className={cx(orderStyles.caption, styles.anywhere)}>{order.email}</span>
          <span className={orderStyles.caption}>Phone: {order.number}</span>
        </span>
      </TableCell>
      <TableCell label="Ship to">
        <span className={styles.words}>{order.address}</span>
      </TableCell>
      <TableCell label="PO / Company">
        <span className={styles.stack}>
          <span className={styles.words}>{order.poNumber ?? '—'}</span>
          {order.company && (
            <span className={cx(orderStyles.caption, styles.words)}>{order.company}</span>
          )}
        </span>
      </TableCell>
      <TableCell label="Product">
        {/* The name alone: the picture would take the room the actions need. */}
        <span className={cx(styles.strong, styles.words)}>{order.productName}</span>
      </TableCell>
      <TableCell label="Quantity" align="right">
        {formatNumber(order.quantity)}
      </TableCell>
      <TableCell label="Total" align="right">
        <span className={styles.stack}>
          <span>{formatPrice(order.price)}</span>
          {/* The line's share of its purchase's shipping, and its tax (issue 29). */}
          {(order.shippingCharge > 0 || order.tax > 0) && (
            <span className={orderStyles.caption} data-testid="line-charges">
              + {formatPrice(order.shippingCharge)} shipping, {formatPrice(order.tax)} tax
            </span>
          )}
        </span>
      </TableCell>
      <TableCell label="Status">
        <span className={cx(orderStyles.status, styles.statusCell)}>
          <StatusCell order={order} shipping={shipping} onShip={onShip} onDelete={onDelete} />
          <OrderDetail order={order} />
        </span>
      </TableCell>
    </TableRow>
  );
}

/** The lines of one purchase as the page holds them: a page may cut a purchase in two. */
function groupByPurchase(items: AdminOrder[]): AdminOrder[][] {
  const groups: AdminOrder[][] = [];
  for (const order of items) {
    const last = groups.at(-1);
    if (last?.[0]?.purchaseId === order.purchaseId) last.push(order);
    else groups.push([order]);
  }
  return groups;
}

interface PurchaseRowProps {
  lines: AdminOrder[];
  shipping: boolean;
  onShip: (purchaseId: string) => void;
}

/**
 * A purchase above its lines: its number, buyer, how far it has shipped (the glossary's words)
 * and the one Ship action for the whole purchase or part of it.
 */
function PurchaseRow({ lines, shipping, onShip }: PurchaseRowProps) {
  const [first] = lines;
  if (!first) return null;
  // Only a paid purchase ships (decision 030): while a line is unpaid, its paid lines ship one
  // by one with SPEC's Ship.
  const waiting = lines.every((line) => line.paid)
    ? lines.filter((line) => leftToShip(line) > 0).length
    : 0;
  const partly =
    lines.some((line) => line.shippedQuantity > 0) && lines.some((line) => !line.shipping);
  return (
    <TableRow
      data-testid="purchase-row"
      data-purchase-id={first.purchaseId}
      className={styles.purchaseRow}
    >
      <TableCell colSpan={8} label="Purchase">
        <span className={styles.purchaseHead}>
          <span className={styles.strong}>{first.purchaseNumber}</span>
          <span className={orderStyles.caption}>
            {first.name} · {formatNumber(lines.length)} {lines.length === 1 ? 'line' : 'lines'}
          </span>
          {partly && (
            <Chip label={PURCHASE_STATUS_LABELS.partially_shipped} size="small" color="warning" />
          )}
          {waiting > 0 && (
            <Button
              variant="contained"
              size="small"
              loading={shipping}
              onClick={() => onShip(first.purchaseId)}
              aria-label={`Ship purchase ${first.purchaseNumber}`}
            >
              Ship purchase
            </Button>
          )}
        </span>
      </TableCell>
    </TableRow>
  );
}

function StatusFilter({
  status,
  onChange,
}: {
  status: AdminOrderFilter['status'];
  onChange: (status: AdminOrderFilter['status']) => void;
}) {
  const id = useId();
  return (
    <div className={styles.statusFilter}>
      <label htmlFor={id} className={styles.selectLabel}>
        Status
      </label>
      <select
        id={id}
        className={styles.select}
        value={status ?? ''}
        onChange={(event) =>
          onChange(
            STATUS_CHOICES.find((choice) => (choice.value ?? '') === event.target.value)?.value ??
              null,
          )
        }
      >
        {STATUS_CHOICES.map((choice) => (
          <option key={choice.label} value={choice.value ?? ''}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Paid 20 Nov 2026", "Paid 16 Nov – 22 Nov 2026": the paid-date filter as its chip says it. */
export function paidFilterLabel(paidFrom: string | null, paidTo: string | null): string | null {
  if (paidFrom && paidTo) return `Paid ${formatDayRange(paidFrom, paidTo)}`;
  if (paidFrom) return `Paid from ${formatDay(paidFrom)}`;
  if (paidTo) return `Paid until ${formatDay(paidTo)}`;
  return null;
}

/**
 * SPEC section 2, Manage All Orders: every customer's orders, shipped and deleted from here;
 * DESIGN section 8: searched, filtered by status and paged by the server (GET /admin/orders),
 * with ship-to, phone, PO and company, and the CSV of the same filter.
 */
export function AllOrdersTable({ view, onViewChange, onStockReleased }: AllOrdersTableProps) {
  const { page, ...filter } = view;
  const { q, status, paidFrom, paidTo } = filter;
  const orders = useAdminOrders(filter, page, ADMIN_ORDERS_PER_PAGE);
  const shipOrder = useShipOrder();
  const deleteOrder = useDeleteOrder();
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [shipping, setShipping] = useState<Order | null>(null);
  const shipPurchase = useShipPurchase();
  const [shippingPurchase, setShippingPurchase] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const search = (text: string) => onViewChange({ ...filter, q: text, page: 1 }, { replace: true });
  const paidLabel = paidFilterLabel(paidFrom, paidTo);

  const exportCsv = () => {
    setExporting(true);
    downloadAdminOrdersCsv(filter)
      .catch((error: Error) => notify.error(error.message))
      .finally(() => setExporting(false));
  };

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

  const confirmShipPurchase = (purchase: Purchase, shipment: NonNullable<ShipPurchase>) => {
    shipPurchase.mutate(
      { id: purchase._id, shipment },
      {
        onSuccess: (after) =>
          notify.success(
            `${after.number} for ${after.name}: ${PURCHASE_STATUS_LABELS[after.status]}.`,
          ),
        onError: (error) => notify.error(error.message),
        onSettled: () => setShippingPurchase(null),
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
  } else if (orders.data.items.length === 0) {
    const filtered = q !== '' || status !== null || paidLabel !== null || page > 1;
    body = (
      <Alert severity="info" role="status">
        {filtered ? 'No orders match this search.' : 'No orders yet.'}
      </Alert>
    );
  } else {
    const { items, total, limit } = orders.data;
    const first = (orders.data.page - 1) * limit + 1;
    const last = first + items.length - 1;
    body = (
      <>
        <TableContainer aria-busy={orders.isPlaceholderData || undefined}>
          <Table aria-label="All orders" cardsOnPhones className={styles.table}>
            <TableHead>
              <TableRow>
                <TableCell>Purchase</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell>Ship to</TableCell>
                <TableCell>PO / Company</TableCell>
                <TableCell>Product</TableCell>
                <TableCell align="right">Quantity</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {groupByPurchase(items).map((lines) => (
                <Fragment key={lines[0]?._id}>
                  <PurchaseRow
                    lines={lines}
                    shipping={
                      shipPurchase.isPending && shipPurchase.variables?.id === lines[0]?.purchaseId
                    }
                    onShip={setShippingPurchase}
                  />
                  {lines.map((order) => (
                    <OrderRow
                      key={order._id}
                      order={order}
                      shipping={shipOrder.isPending && shipOrder.variables?.id === order._id}
                      onShip={setShipping}
                      onDelete={setDeleting}
                    />
                  ))}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <nav className={styles.paging} aria-label="Pages of orders">
          <p className={styles.showing} role="status">
            Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
          </p>
          <div className={orderStyles.actions}>
            <Button
              variant="outlined"
              size="small"
              disabled={page <= 1}
              onClick={() => onViewChange({ ...filter, page: page - 1 })}
            >
              Previous
            </Button>
            <Button
              variant="outlined"
              size="small"
              disabled={last >= total}
              onClick={() => onViewChange({ ...filter, page: page + 1 })}
            >
              Next
            </Button>
          </div>
        </nav>
      </>
    );
  }

  return (
    <>
      <DashboardHeading title="Manage All Orders">
        Ship paid purchases, whole or in parts, and delete unpaid orders. Deleting an order puts its
        stock back on sale.
      </DashboardHeading>
      <div className={styles.toolbar}>
        <SearchField
          q={q}
          onSearch={search}
          label="Search orders"
          helperText="Customer, email, product, purchase number, PO or company"
          maxLength={200}
          className={styles.search}
        />
        <StatusFilter
          status={status}
          onChange={(next) => onViewChange({ ...filter, status: next, page: 1 })}
        />
        <Button variant="outlined" loading={exporting} onClick={exportCsv}>
          Download CSV
        </Button>
      </div>
      {paidLabel && (
        <div className={styles.activeFilters} aria-label="Active filters" role="group">
          <Chip
            label={paidLabel}
            onDelete={() => onViewChange({ ...filter, paidFrom: null, paidTo: null, page: 1 })}
            deleteLabel="Remove the paid-date filter"
          />
        </div>
      )}
      {body}
      <ShipDialog
        order={shipping}
        pending={shipOrder.isPending}
        onConfirm={confirmShip}
        onCancel={() => setShipping(null)}
      />
      <ShipPurchaseDialog
        purchaseId={shippingPurchase}
        pending={shipPurchase.isPending}
        onConfirm={confirmShipPurchase}
        onCancel={() => setShippingPurchase(null)}
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
