import {
  messages,
  PURCHASE_STATUS_LABELS,
  trackingUrl,
  type Order,
  type Purchase,
  type PurchaseFilter,
  type PurchaseStatus,
} from '@shop/shared';
import { useEffect, useId, useState } from 'react';
import { SearchField } from '../../../components/search-field';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { Chip } from '../../../components/ui/chip';
import { cx } from '../../../components/ui/container';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
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
import { notify } from '../../../components/ui/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useMyPurchases } from '../api/get-my-purchases';
import { AwaitingLines, AWAITING_APPROVAL } from './awaiting-lines';
import { DashboardHeading } from './dashboard-heading';
import { PageLink } from '../../../components/ui/navigation';
import { chargeFacts } from '../../../components/charge-summary';
import { OrderProduct } from './order-product';
import styles from './orders.module.css';
import { OrdersTableSkeleton } from './orders-table-skeleton';
import { TestPaymentChip } from './test-payment-chip';

interface MyOrdersTableProps {
  /** A cancelled order gives its stock back: the page showing products should know. */
  onStockReleased?: () => void;
}

/**
 * The status a purchase without paid or unpaid lines says in My Orders: waiting for approval, or
 * how it ended (rejected purchases say why on their page).
 */
const CLOSED_OR_WAITING: Partial<Record<Purchase['status'], string>> = {
  awaiting_approval: AWAITING_APPROVAL,
  rejected: 'Not approved',
  cancelled: 'Cancelled',
};
/** My Orders' status filter, in the words of the glossary's purchase statuses. */
const STATUS_CHOICES: { value: PurchaseStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'awaiting_approval', label: AWAITING_APPROVAL },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
  { value: 'on_account', label: PURCHASE_STATUS_LABELS.on_account },
  { value: 'partially_shipped', label: PURCHASE_STATUS_LABELS.partially_shipped },
  { value: 'shipped', label: 'Shipped' },
  { value: 'rejected', label: 'Not approved' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** Search and status: the server filters (GET /purchases?q=&status=), a page at a time. */
function PurchaseFilters({
  filter,
  onChange,
}: {
  filter: PurchaseFilter;
  onChange: (filter: PurchaseFilter) => void;
}) {
  const statusId = useId();
  return (
    <div className={styles.filters} role="search" aria-label="Find your orders">
      <SearchField
        q={filter.q ?? ''}
        onSearch={(q) => onChange({ ...filter, q: q === '' ? undefined : q })}
        label="Search your orders"
        helperText="Order number, PO number or product"
        maxLength={200}
      />
      <div className={styles.statusFilter}>
        <label htmlFor={statusId} className={styles.selectLabel}>
          Status
        </label>
        <select
          id={statusId}
          className={styles.select}
          value={filter.status ?? ''}
          onChange={(event) => {
            const value = STATUS_CHOICES.find((choice) => choice.value === event.target.value);
            onChange({ ...filter, status: value?.value || undefined });
          }}
        >
          {STATUS_CHOICES.map((choice) => (
            <option key={choice.label} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
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
      <TableCell label="Product">
        <OrderProduct order={order} />
      </TableCell>
      <TableCell label="Quantity" align="right">
        {formatNumber(order.quantity)}
      </TableCell>
      <TableCell label="Total" align="right">
        {formatPrice(order.price)}
      </TableCell>
      <TableCell label="Status">
        <CustomerStatus order={order} />
      </TableCell>
      <TableCell label="Actions">
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
 * One purchase of My Orders: a heading with its number (a link to its page), date, PO and total,
 * then its lines. A table per purchase, so each line's row stays a SPEC order with its own Pay and
 * Cancel, and each table becomes cards on a phone.
 */
function PurchaseGroup({
  purchase,
  onCancel,
}: {
  purchase: Purchase;
  onCancel: (order: Order) => void;
}) {
  const headingId = `purchase-${purchase._id}`;
  return (
    <section aria-labelledby={headingId} className={styles.purchase} data-testid="purchase-group">
      <div className={styles.purchaseHead}>
        <h2 id={headingId} className={styles.purchaseTitle}>
          <PageLink href={`/dashboard/purchases/${purchase._id}`}>
            Purchase {purchase.number}
          </PageLink>
        </h2>
        <dl className={styles.purchaseFacts}>
          <div>
            <dt>Placed</dt>
            <dd>{formatDateTime(purchase.createdAt)}</dd>
          </div>
          {purchase.poNumber && (
            <div>
              <dt>PO</dt>
              <dd>{purchase.poNumber}</dd>
            </div>
          )}
          {/* The purchase's money (issue 29): goods, shipping, each tax line, the total. */}
          {chargeFacts(purchase).map(({ term, value }) => (
            <div key={term} data-testid={term === 'Total' ? 'purchase-total' : undefined}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {CLOSED_OR_WAITING[purchase.status] && (
            <div>
              <dt>Status</dt>
              <dd data-testid="purchase-status">{CLOSED_OR_WAITING[purchase.status]}</dd>
            </div>
          )}
          {purchase.status === 'rejected' && purchase.rejectionReason && (
            <div>
              <dt>Reason</dt>
              <dd data-testid="rejection-reason">{purchase.rejectionReason}</dd>
            </div>
          )}
        </dl>
      </div>
      {purchase.orders.length === 0 && purchase.awaitingLines.length > 0 ? (
        <AwaitingLines
          lines={purchase.awaitingLines}
          status={CLOSED_OR_WAITING[purchase.status]}
          aria-labelledby={headingId}
          className={styles.myOrders}
        />
      ) : (
        <TableContainer>
          <Table aria-labelledby={headingId} cardsOnPhones className={styles.myOrders}>
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
              {purchase.orders.map((order) => (
                <OrderRow key={order._id} order={order} onCancel={onCancel} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}

/**
 * SPEC section 2, My Orders: the user's orders with Pay for unpaid ones and Cancel, disabled once
 * paid, grouped by the purchase they were ordered in (DESIGN section 8), a page of purchases at a
 * time (DESIGN section 9). SPEC section 6: a 401 or 403 from the list signs the user out and goes
 * to /.
 */
export function MyOrdersTable({ onStockReleased }: MyOrdersTableProps) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<PurchaseFilter>({});
  const purchases = useMyPurchases(page, filter);
  const filtered = Boolean(filter.q || filter.status);
  const changeFilter = (next: PurchaseFilter) => {
    setFilter(next);
    setPage(1);
  };
  const cancelOrder = useCancelOrder();
  const signOutToHome = useSignOutToHome();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const refused = purchases.error instanceof ApiError && purchases.error.isAuthFailure;

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

  // Cancelling the last order of the last page empties it: show the page before instead.
  const lastPage = purchases.data
    ? Math.max(1, Math.ceil(purchases.data.total / purchases.data.limit))
    : page;
  if (!purchases.isPlaceholderData && page > lastPage) setPage(lastPage);

  let body;
  if (purchases.isPending || refused) {
    body = <OrdersTableSkeleton />;
  } else if (purchases.error) {
    body = (
      <LoadError
        title="We could not load your orders."
        error={purchases.error}
        retrying={purchases.isFetching}
        onRetry={() => void purchases.refetch()}
      />
    );
  } else if (purchases.data.total === 0 && filtered) {
    body = (
      <Alert severity="info" role="status">
        No order matches this search.
      </Alert>
    );
  } else if (purchases.data.total === 0) {
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
    const { items, total, limit } = purchases.data;
    body = (
      <>
        <div className={styles.purchases} aria-busy={purchases.isPlaceholderData || undefined}>
          {items.map((purchase) => (
            <PurchaseGroup key={purchase._id} purchase={purchase} onCancel={setCancelling} />
          ))}
        </div>
        <Pager
          page={purchases.data.page}
          limit={limit}
          total={total}
          shown={items.length}
          label="Pages of purchases"
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <>
      <DashboardHeading title="My Orders">
        Pay for your orders or cancel the ones you no longer need. Unpaid orders hold their stock
        for a limited time.
      </DashboardHeading>
      <PurchaseFilters filter={filter} onChange={changeFilter} />
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
