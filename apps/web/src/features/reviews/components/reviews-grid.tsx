import cardStyles from '../../../components/ui/card.module.css';
import { cx } from '../../../components/ui/container';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLatestReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';
import styles from './reviews-grid.module.css';

const SKELETON_COUNT = 3;

function ReviewCardSkeleton() {
  return (
    <div className={cx(cardStyles.card, styles.skeletonCard)}>
      <div className={cardStyles.content}>
        <div className={styles.skeletonHeader}>
          <Skeleton variant="circular" width={40} height={40} />
          <div className={styles.skeletonLines}>
            <Skeleton className={styles.skeletonWide} />
            <Skeleton className={styles.skeletonNarrow} />
          </div>
        </div>
        <Skeleton className={styles.skeletonText} />
        <Skeleton />
        <Skeleton className={styles.skeletonLast} />
      </div>
    </div>
  );
}

/** The reviews, newest first, as cards: at once where the server put them in the query cache. */
export function ReviewsGrid() {
  const { data, error, isPending, isFetching, refetch } = useLatestReviews();

  if (isPending) {
    return (
      <div className={styles.grid} aria-busy="true">
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <ReviewCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <LoadError
        title="We could not load the customer reviews."
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  if (data.length === 0) {
    return <p className={styles.empty}>No reviews yet.</p>;
  }
  return (
    <div className={styles.grid}>
      {data.map((review) => (
        <ReviewCard key={review._id} review={review} />
      ))}
    </div>
  );
}
