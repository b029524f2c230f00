import { Skeleton } from '../../../components/ui/skeleton';
import styles from './orders.module.css';

/** Stands in for an orders table while it loads. */
export function OrdersTableSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true" aria-label="Loading orders">
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={64} />
      <Skeleton variant="rounded" height={64} />
      <Skeleton variant="rounded" height={64} />
    </div>
  );
}
