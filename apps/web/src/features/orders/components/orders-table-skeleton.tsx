import { Skeleton } from '../../../components/ui/skeleton';
import styles from './orders.module.css';

/**
 * Stands in for an orders table while it loads; its sizes are classes (no style attribute). A
 * status, so its name is allowed (axe: an aria-label needs a role) and read as the page loads.
 */
export function OrdersTableSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true" aria-label="Loading orders" role="status">
      <Skeleton variant="rounded" className={styles.skeletonHead} />
      <Skeleton variant="rounded" className={styles.skeletonRow} />
      <Skeleton variant="rounded" className={styles.skeletonRow} />
      <Skeleton variant="rounded" className={styles.skeletonRow} />
    </div>
  );
}
