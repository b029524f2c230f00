import type { Purchase } from '@shop/shared';
import { ChargeSummary } from '../../../components/charge-summary';
import { formatPrice } from '../../../lib/format';
import styles from './purchase-totals.module.css';

/**
 * A purchase's money (issue 29), as its invoice prints it: the goods' subtotal, shipping with
 * its method and delivery time, each tax rate, the total, the reverse-charge words, and what is
 * left to pay while part of it is unpaid. The purchase page shows it to its buyer, the company's
 * approver and the admin alike.
 */
export function PurchaseTotals({ purchase }: { purchase: Purchase }) {
  const leftToPay = purchase.unpaidTotal > 0 && purchase.unpaidTotal !== purchase.total;
  return (
    <section className={styles.totals} aria-label="Purchase totals" data-testid="purchase-totals">
      <ChargeSummary charges={purchase} label="Totals" totalTestId="purchase-total" />
      {leftToPay && (
        <p className={styles.left} data-testid="left-to-pay">
          {formatPrice(purchase.unpaidTotal)} left to pay
        </p>
      )}
    </section>
  );
}
