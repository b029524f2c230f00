import type { Order, Purchase } from '@shop/shared';
import { trackingUrl } from '@shop/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../../components/ui/table';
import { formatDateTime, formatPieces, formatPrice } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { DashboardHeading } from './dashboard-heading';
import { downloadInvoice } from '../api/purchases';
import styles from './purchase-details.module.css';

const STATUS_LABEL: Record<Purchase['status'], string> = {
  unpaid: 'Waiting for payment',
  paid: 'Paid',
  shipped: 'Shipped',
};

/** Placed, paid, shipped: each step with its time, or what it waits for. */
function Timeline({ purchase }: { purchase: Purchase }) {
  const steps = [
    { label: 'Placed', at: purchase.createdAt, waiting: '' },
    { label: 'Paid', at: purchase.paidAt, waiting: 'Waiting for payment' },
    { label: 'Shipped', at: purchase.shippedAt, waiting: 'Not shipped yet' },
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

function LineStatus({ order }: { order: Order }) {
  if (!order.paid) {
    return (
      <ButtonLink href={`/dashboard/payment/${order._id}`} variant="outlined" size="small">
        Pay this line
      </ButtonLink>
    );
  }
  if (!order.shipping) return <Chip label="Paid" color="success" size="small" />;
  const url = trackingUrl(order.carrier, order.trackingNumber);
  return (
    <span className={styles.shipment}>
      <Chip label="Shipped" color="info" size="small" />
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

/**
 * A purchase as its buyer (or an admin) reads it: the confirmation after checkout and the page
 * My Orders links to. Prices are those the server stored for each line.
 */
export function PurchaseDetails({ purchase }: { purchase: Purchase }) {
  const [downloading, setDownloading] = useState(false);
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
  const details = [
    ['PO number', purchase.poNumber],
    ['Company', purchase.company],
    ['Tax id', purchase.taxId],
    ['Ship to', purchase.address],
    ['Phone', purchase.phone],
    ['Invoice', purchase.invoiceNumber],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));

  return (
    <article className={styles.page}>
      <DashboardHeading title={`Purchase ${purchase.number}`}>
        Placed {formatDateTime(purchase.createdAt)} by {purchase.name} ({purchase.email}).
      </DashboardHeading>
      <p className={styles.status}>
        <Chip
          label={STATUS_LABEL[purchase.status]}
          color={purchase.status === 'unpaid' ? 'warning' : 'success'}
          size="small"
        />
      </p>
      <Timeline purchase={purchase} />
      <dl className={styles.details}>
        {details.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <TableContainer>
        <Table aria-label="Lines">
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {purchase.orders.map((order) => (
              <TableRow key={order._id} data-testid="purchase-line">
                <TableCell className={styles.product}>{order.productName}</TableCell>
                <TableCell align="right">
                  {formatPrice(order.unitPrice)} × {formatPieces(order.quantity)}
                </TableCell>
                <TableCell align="right">{formatPrice(order.price)}</TableCell>
                <TableCell>
                  <LineStatus order={order} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <p className={styles.total}>
        Total <strong>{formatPrice(purchase.total)}</strong>
        {purchase.unpaidTotal > 0 && purchase.unpaidTotal !== purchase.total && (
          <> ({formatPrice(purchase.unpaidTotal)} left to pay)</>
        )}
      </p>
      <div className={styles.actions}>
        {purchase.invoiceNumber ? (
          <Button variant="contained" loading={downloading} onClick={() => void invoice()}>
            Download invoice {purchase.invoiceNumber}
          </Button>
        ) : (
          <Alert severity="info">The invoice is made once every line is paid.</Alert>
        )}
      </div>
    </article>
  );
}
