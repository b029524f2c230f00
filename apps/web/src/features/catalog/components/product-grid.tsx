import { HOME_PRODUCT_COUNT } from '@shop/shared';
import cardStyles from '../../../components/ui/card.module.css';
import { cx } from '../../../components/ui/container';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useProducts } from '../api';
import { ProductCard } from './product-card';
import styles from './product-grid.module.css';

/** Cards per row on large screens: the first row's pictures load eagerly. */
const FIRST_ROW = 3;

function ProductCardSkeleton() {
  return (
    <div className={cx(cardStyles.card, styles.skeletonCard)}>
      <Skeleton variant="rectangular" className={styles.skeletonPicture} />
      <div className={cardStyles.content}>
        <Skeleton className={styles.skeletonName} />
        <Skeleton />
        <Skeleton />
        <Skeleton className={styles.skeletonShort} />
        <Skeleton variant="rounded" className={styles.skeletonButton} />
      </div>
    </div>
  );
}

export interface ProductGridProps {
  /** Shows the first `limit` products; all of them without one. */
  limit?: number;
}

/**
 * The product cards in the catalogue's order: the first `limit` of them, or all. On a page the
 * server renders with the products already in the query cache, the cards are there at once.
 */
export function ProductGrid({ limit }: ProductGridProps) {
  const { data, error, isPending, isFetching, refetch } = useProducts();

  if (isPending) {
    return (
      <div className={styles.grid} aria-busy="true">
        {Array.from({ length: limit ?? HOME_PRODUCT_COUNT }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <LoadError
        title="We could not load our products."
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  if (data.length === 0) {
    return <p className={styles.empty}>Our catalogue is being updated. Please check back soon.</p>;
  }
  return (
    <div className={styles.grid}>
      {data.slice(0, limit).map((product, index) => (
        <ProductCard key={product._id} product={product} eager={index < FIRST_ROW} />
      ))}
    </div>
  );
}
