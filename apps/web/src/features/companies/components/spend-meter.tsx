import { formatPrice } from '../../../lib/format';
import { cx } from '../../../components/ui/container';
import styles from './companies.module.css';

/**
 * This month's spend, and against a limit how much of it is used: a meter whose value reads as
 * text too ("$300 of $1,000"), so the bar is never the only way to tell.
 */
export function SpendMeter({ spent, limit }: { spent: number; limit: number | null }) {
  if (limit == null) return <span>{formatPrice(spent)}</span>;
  const used = limit > 0 ? Math.min(100, Math.round((spent / limit) * 100)) : 100;
  const text = `${formatPrice(spent)} of ${formatPrice(limit)}`;
  return (
    <div className={styles.spend}>
      <span>{text}</span>
      <div
        role="meter"
        aria-label="Monthly limit used"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(spent, limit)}
        aria-valuetext={`${used}% used, ${text}`}
        className={styles.meter}
      >
        <div
          className={cx(styles.meterFill, used >= 100 && styles.meterFull)}
          style={{ width: `${used}%` }}
        />
      </div>
    </div>
  );
}
