import { STATS_EXPIRING_HOURS, type Stats } from '@shop/shared';
import { useEffect, useState } from 'react';
import { PageLink } from '../../../components/ui/navigation';
import { formatDateTime, formatPrice } from '../../../lib/format';
import { ordersHref } from '../links';
import { Card } from './chart-card';
import styles from './overview.module.css';

/** "2 h 05 min left", "12 min left": the time until a hold ends, counted down to the minute. */
export function timeLeft(expiresAt: string, now: number): string {
  const minutes = Math.floor((Date.parse(expiresAt) - now) / 60_000);
  if (minutes < 1) return 'Expiring now';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${String(rest).padStart(2, '0')} min left` : `${rest} min left`;
}

/** The time now, read again every half minute so a countdown moves on its own. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Unpaid orders whose stock hold ends soon, soonest first: each opens its purchase's orders. */
export function ExpiringCard({ stats }: { stats: Stats }) {
  const now = useNow();
  const { expiringSoon } = stats;
  return (
    <Card title="About to expire">
      {expiringSoon.length === 0 ? (
        <p className={styles.secondary}>
          No unpaid order expires in the next {STATS_EXPIRING_HOURS} hours.
        </p>
      ) : (
        <ul className={styles.expiring} aria-label="Unpaid orders about to expire">
          {expiringSoon.map((order) => (
            <li key={order._id} className={styles.expiringItem}>
              <span className={styles.rankText}>
                <PageLink
                  href={ordersHref({ q: order.purchaseNumber, status: 'unpaid' })}
                  className={styles.rankName}
                >
                  {order.purchaseNumber}
                </PageLink>
                <span className={styles.rankDetail}>
                  {order.name} ({order.email}): {order.productName}, {formatPrice(order.price)}
                </span>
              </span>
              <time
                dateTime={order.holdExpiresAt}
                title={`Held until ${formatDateTime(order.holdExpiresAt)}`}
                className={styles.timeLeft}
              >
                {timeLeft(order.holdExpiresAt, now)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
