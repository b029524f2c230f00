import { Skeleton } from '../../../components/ui/skeleton';
import { cx } from '../../../components/ui/container';
import styles from './overview.module.css';

/** The cards' shapes while the figures load. */
export function OverviewSkeleton() {
  return (
    <div className={styles.grid} aria-busy="true" aria-label="Loading the overview" role="status">
      <div className={cx(styles.card, styles.wide)}>
        <Skeleton width="30%" />
        <Skeleton variant="text" width="50%" height={40} />
        <Skeleton variant="rounded" height={260} />
      </div>
      {Array.from({ length: 4 }, (_, card) => (
        <div key={card} className={styles.card}>
          <Skeleton width="40%" />
          <Skeleton variant="rounded" height={160} />
        </div>
      ))}
    </div>
  );
}
