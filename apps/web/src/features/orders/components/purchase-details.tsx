import {
  addressLines,
  APPROVAL_WORDS,
  messages,
  PURCHASE_STATUS_LABELS,
  purchaseMessages,
  quotePagePath,
  trackingUrl,
  type Order,
  type Purchase,
} from '@shop/shared';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { Chip } from '../../../components/ui/chip';
import { PageLink } from '../../../components/ui/navigation';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../../components/ui/table';
import { addToCart } from '../../../lib/cart-store';
import { formatDateTime, formatNumber, formatPieces, formatPrice } from '../../../lib/format';
import { notify } from '../../../components/ui/toast';
import { useSession } from '../../../lib/session';
import { useCancelOrder } from '../api/cancel-order';
import { useWithdrawPurchase } from '../api/withdraw-purchase';
import { downloadInvoice } from '../api/purchases';
import { AwaitingLines, AWAITING_APPROVAL } from './awaiting-lines';
import { CreditNotes } from './credit-notes';
import { DashboardHeading } from './dashboard-heading';
import { OrderProduct } from './order-product';
import { PurchaseTotals } from './purchase-totals';
import styles from './purchase-details.module.css';

const STATUS_LABEL = PURCHASE_STATUS_LABELS;

const STATUS_COLOR: Record<Purchase['status'], 'default' | 'success' | 'warning'> = {
  awaiting_approval: 'warning',
  unpaid: 'warning',
  paid: 'success',
  on_account: 'success',
  partially_shipped: 'warning',
  shipped: 'success',
  rejected: 'default',
  cancelled: 'default',
};

/** What the Paid step says while it has no time: a purchase that will never be paid says why. */
const PAID_STEP_WAITING: Partial<Record<Purchase['status'], string>> = {
  awaiting_approval: AWAITING_APPROVAL,
  rejected: 'Not approved',
  cancelled: 'Cancelled',
};

/** What the Shipped step says until every piece has gone: how much has, once some has. */
function shippedWaiting(purchase: Purchase): string {
  if (purchase.status !== 'partially_shipped') return 'Not shipped yet';
  const pieces = purchase.orders.reduce((sum, line) => sum + line.quantity, 0);
  const shipped = purchase.orders.reduce((sum, line) => sum + line.shippedQuantity, 0);
  const parcels = purchase.shipments.length;
  return `${PURCHASE_STATUS_LABELS.partially_shipped}: ${formatNumber(shipped)} of ${formatNumber(pieces)} pieces in ${formatNumber(parcels)} ${parcels === 1 ? 'parcel' : 'parcels'}`;
}

/** Placed, paid, shipped: each step with its time, or what it waits for. */
function Timeline({ purchase }: { purchase: Purchase }) {
  const steps = [
    { label: 'Placed', at: purchase.createdAt, waiting: '' },
    {
      label: 'Paid',
      at: purchase.paidAt,
      waiting: PAID_STEP_WAITING[purchase.status] ?? 'Waiting for payment',
    },
    { label: 'Shipped', at: purchase.shippedAt, waiting: shippedWaiting(purchase) },
  ];
  return (
    <ol className={styles.timeline} aria-label="Status">
      {steps.map((step) => (
        <li key={step.label} className={step.at ? styles.done : styles.todo}>
          <span className={styles.stepLabel}>{step.label}</span>
          <span className={styles.stepTime}>
            {step.at ? formatDateTime(step.at) : step.waiting}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** "1 line", "3 lines". */
export const formatLines = (count: number) =>
  count === 1 ? '1 line' : `${formatNumber(count)} lines`;

/** The Reorder toast: how many lines went back into the cart. */
export const reorderedMessage = (count: number) => `${formatLines(count)} added to your cart`;

function LineStatus({ order }: { order: Order }) {
  if (!order.paid) return <Chip label="Unpaid" color="warning" size="small" variant="outlined" />;
  if (order.shippedQuantity === 0) return <Chip label="Paid" color="success" size="small" />;
  const url = trackingUrl(order.carrier, order.trackingNumber);
  return (
    <span className={styles.shipment}>
      {order.shipping ? (
        <Chip label="Shipped" color="info" size="small" />
      ) : (
        <>
          <Chip label={PURCHASE_STATUS_LABELS.partially_shipped} color="warning" size="small" />
          <span>
            {formatNumber(order.shippedQuantity)} of {formatNumber(order.quantity)} shipped
          </span>
        </>
      )}
      {order.carrier && <span>{order.carrier}</span>}
      {order.trackingNumber &&
        (url ? (
          <a href={url} target="_blank" rel="noopener noreferrer">
            {order.trackingNumber}
          </a>
        ) : (
          <span>{order.trackingNumber}</span>
        ))}
    </span>
  );
}

/** SPEC section 4: an unpaid line can be paid on its own or cancelled by its owner. */
function LineActions({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  if (order.paid) return null;
  return (
    <span className={styles.lineActions}>
      <ButtonLink href={`/dashboard/payment/${order._id}`} variant="outlined" size="small">
        Pay this line
      </ButtonLink>
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        className={errorButton.outlined}
        onClick={() => onCancel(order)}
      >
        Cancel
      </Button>
    </span>
  );
}

/**
 * A purchase as its buyer (or an admin) reads it: the confirmation after checkout and the page
 * My Orders links to. Prices are those the server stored for each line.
 */
interface PurchaseDetailsProps {
  purchase: Purchase;
  /** The buyer has just placed it with the purchase form: the page says so first. */
  justPlaced?: boolean;
  /** After Reorder put the lines in the cart: the page goes to the cart. */
  onReordered: () => void;
  /** A cancelled line gives its stock back: the pages showing products should know. */
  onStockReleased?: () => void;
  /** An owner's or approver's decision on a purchase waiting (the page brings it). */
  decision?: ReactNode;
}

export function PurchaseDetails({
  purchase,
  justPlaced = false,
  onReordered,
  onStockReleased,
  decision,
}: PurchaseDetailsProps) {
  const [downloading, setDownloading] = useState(false);
  const cancelOrder = useCancelOrder();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const withdraw = useWithdrawPurchase();
  const [withdrawing, setWithdrawing] = useState(false);
  // Its buyer may take back a purchase that waits; an approver reading it decides instead.
  const { user } = useSession();
  const unpaidLines = purchase.orders.filter((order) => !order.paid).length;
  const awaiting = purchase.status === 'awaiting_approval';
  const ownWaiting = awaiting && user?.email === purchase.email;
  // Waiting, or rejected or cancelled while it waited: its lines are those it asked for.
  const askedLines = purchase.orders.length === 0 && purchase.awaitingLines.length > 0;
  // A product taken out of the catalogue since (productId null) cannot be ordered again.
  const reorderable = purchase.orders.filter(
    (order): order is Order & { productId: string } => order.productId !== null,
  );

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

  const confirmWithdraw = () => {
    withdraw.mutate(purchase._id, {
      onSuccess: () => notify.success(purchaseMessages.withdrawn),
      onError: (error) => notify.error(error.message),
      onSettled: () => setWithdrawing(false),
    });
  };

  // The cart keeps product ids and quantities only: the cart page and the checkout price them
  // at today's prices.
  const reorder = () => {
    addToCart(reorderable.map(({ productId, quantity }) => ({ productId, quantity })));
    notify.success(reorderedMessage(reorderable.length));
    onReordered();
  };
  const invoice = async () => {
    setDownloading(true);
    try {
      await downloadInvoice(purchase);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };
  const quoteText = purchase.quoteNumber ? `Quote ${purchase.quoteNumber}` : null;
  const details = (
    [
      ['PO number', purchase.poNumber],
      // Bought by accepting a quote (issue 31): the quote it came from.
      [
        'From quote',
        quoteText && purchase.quoteId ? (
          <PageLink href={quotePagePath(purchase.quoteId)}>{quoteText}</PageLink>
        ) : (
          quoteText
        ),
      ],
      ['Company', purchase.company],
      ['Tax id', purchase.taxId],
      // A structured ship-to address as a label writes it, a line each (issue 29); else SPEC's line.
      ['Ship to', purchase.shipTo ? addressLines(purchase.shipTo).join('\n') : purchase.address],
      ['Phone', purchase.phone],
      ['Invoice', purchase.invoiceNumber],
    ] satisfies [string, ReactNode][]
  ).filter((entry) => Boolean(entry[1]));

  return (
    <article className={styles.page}>
      <DashboardHeading title={`Purchase ${purchase.number}`}>
        Placed {formatDateTime(purchase.createdAt)} by {purchase.name} ({purchase.email}).
      </DashboardHeading>
      {justPlaced && purchase.unpaidTotal > 0 && (
        // A status, not an alert: the toast already announces the success once.
        <Alert severity="success" role="status" title="Order placed" data-testid="order-placed">
          It stays reserved for you until it is paid or cancelled: pay now, or later from My Orders.
        </Alert>
      )}
      <p className={styles.status}>
        <Chip
          label={STATUS_LABEL[purchase.status]}
          color={STATUS_COLOR[purchase.status]}
          size="small"
        />
      </p>
      {purchase.status === 'rejected' && (
        <Alert severity="warning" role="status" title="Not approved" data-testid="rejected">
          {purchase.rejectionReason
            ? `Your company did not approve this purchase: ${purchase.rejectionReason}`
            : 'Your company did not approve this purchase.'}{' '}
          Nothing was charged.
        </Alert>
      )}
      {purchase.status === 'cancelled' && (
        <Alert severity="info" role="status" data-testid="cancelled">
          This purchase was cancelled. Nothing was charged.
        </Alert>
      )}
      <Timeline purchase={purchase} />
      <dl className={styles.details}>
        {details.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {askedLines ? (
        <AwaitingLines lines={purchase.awaitingLines} status={STATUS_LABEL[purchase.status]} />
      ) : (
        <TableContainer>
          <Table aria-label="Lines" cardsOnPhones>
            <TableHead>
              <TableRow>
                <TableCell>Product</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {purchase.orders.map((order) => (
                <TableRow key={order._id} data-testid="purchase-line" data-order-id={order._id}>
                  <TableCell label="Product" className={styles.product}>
                    <OrderProduct order={order} />
                  </TableCell>
                  <TableCell label="Price" align="right">
                    {formatPrice(order.unitPrice)} × {formatPieces(order.quantity)}
                  </TableCell>
                  <TableCell label="Total" align="right">
                    {formatPrice(order.price)}
                  </TableCell>
                  <TableCell label="Status">
                    <LineStatus order={order} />
                  </TableCell>
                  <TableCell label="Actions">
                    <LineActions order={order} onCancel={setCancelling} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <PurchaseTotals purchase={purchase} />
      <div className={styles.actions}>
        {unpaidLines >= 2 && (
          <ButtonLink href={`/dashboard/payment/purchase/${purchase._id}`} variant="contained">
            Pay the whole purchase ({formatPrice(purchase.unpaidTotal)})
          </ButtonLink>
        )}
        {reorderable.length > 0 && (
          <Button variant="outlined" onClick={reorder}>
            Reorder
          </Button>
        )}
        {awaiting ? (
          <>
            <Alert severity="info" data-testid="awaiting-approval">
              {APPROVAL_WORDS.notice}: it can be paid once an approver has approved it.
            </Alert>
            {decision}
            {ownWaiting && (
              <Button
                variant="outlined"
                color="inherit"
                className={errorButton.outlined}
                onClick={() => setWithdrawing(true)}
              >
                Withdraw request
              </Button>
            )}
          </>
        ) : purchase.invoiceNumber ? (
          <Button variant="contained" loading={downloading} onClick={() => void invoice()}>
            Download invoice {purchase.invoiceNumber}
          </Button>
        ) : (
          <Alert severity="info">The invoice is made once every line is paid.</Alert>
        )}
      </div>
      <CreditNotes purchase={purchase} />
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
      <ConfirmDialog
        open={withdrawing}
        question={`Withdraw purchase ${purchase.number}?`}
        detail="Your approvers will no longer see it. It stays in My Orders as cancelled."
        pending={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(false)}
      />
    </article>
  );
}
