import type { AccountInvoice, Order, Purchase } from '@shop/shared';
import { formatDay, formatPieces, formatPrice } from '../../../../lib/format';
import { OrderProduct } from '../order-product';
import styles from './payment-panel.module.css';

/**
 * What paying one line covers: its product, quantity and price, and (issue 29) its share of the
 * purchase's shipping and its tax, which the payment takes too.
 */
export function OrderSummary({ order }: { order: Order }) {
  const extras = order.shippingCharge > 0 || order.tax > 0;
  return (
    <section className={styles.panel} data-testid="order-summary" aria-labelledby="pay-total">
      <h2 id="pay-total" className={styles.summaryTitle}>
        Pay {formatPrice(order.total)}
      </h2>
      <OrderProduct order={order} />
      <div className={styles.figures}>
        <p>{`Quantity: ${formatPieces(order.quantity)}`}</p>
        {extras && (
          <>
            <p>{`Price: ${formatPrice(order.price)}`}</p>
            <p>{`Shipping: ${formatPrice(order.shippingCharge)}`}</p>
            <p>{`Tax: ${formatPrice(order.tax)}`}</p>
          </>
        )}
        <p>{`Total: ${formatPrice(order.total)}`}</p>
      </div>
    </section>
  );
}

/** What paying a purchase covers: the unpaid lines only, and their total. */
export function PurchaseSummary({ purchase }: { purchase: Purchase }) {
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

/** What paying invoices on account covers: each invoice and what it still asks, and the sum. */
export function InvoicesSummary({ invoices }: { invoices: AccountInvoice[] }) {
  const total = invoices.reduce((sum, invoice) => sum + invoice.amountDue, 0);
  return (
    <section className={styles.panel} data-testid="invoices-summary" aria-labelledby="pay-total">
      <h2 id="pay-total" className={styles.summaryTitle}>
        Pay {formatPrice(total)}
      </h2>
      <ul className={styles.lines} aria-label="Invoices to pay">
        {invoices.map((invoice) => (
          <li key={invoice._id}>
            <p>
              <strong>{invoice.invoiceNumber}</strong> (order {invoice.purchaseNumber}
              {invoice.poNumber ? `, PO ${invoice.poNumber}` : ''}), due{' '}
              {formatDay(invoice.dueDate)}
            </p>
            <p className={styles.lineFigures}>{formatPrice(invoice.amountDue)}</p>
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        {invoices.length === 1 ? '1 invoice' : `${invoices.length} invoices`}, total{' '}
        {formatPrice(total)}
      </p>
    </section>
  );
}
