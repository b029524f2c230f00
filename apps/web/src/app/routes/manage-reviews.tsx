import { RATING_MAX, REVIEW_LIST_MAX, preview, type Review } from '@shop/shared';
import { useState } from 'react';
import admin from '../../components/admin-page.module.css';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import errorButton from '../../components/ui/button-error.module.css';
import { LoadError } from '../../components/ui/load-error';
import { StarRating } from '../../components/ui/star-rating';
import {
  EmptyRow,
  HeadRow,
  SkeletonRows,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../components/ui/table';
import { notify } from '../../components/ui/toast';
import { formatDateTime } from '../../lib/format';
import { useDeleteReview } from '../../features/reviews/api/delete-review';
import { useLatestReviews } from '../../features/reviews/api/get-reviews';
import { ratingLabel } from '../../features/reviews/components/review-card';
import styles from './manage-reviews.module.css';

/** Not SPEC messages: SPEC has no moderation, so its question and toast follow SPEC's others. */
export const CONFIRM_DELETE_REVIEW = 'Are You Sure, You Want To Delete The Review!';
export const REVIEW_DELETED = 'Review Deleted Successfully!';

const COLUMNS = ['Reviewer', 'Rating', 'Review', 'Posted', 'Actions'];

function ReviewRow({ review, onDelete }: { review: Review; onDelete: () => void }) {
  const nameId = `review-name-${review._id}`;
  return (
    <TableRow data-testid="review-row">
      {/* The row's name: a header cell that still becomes a card's line on a phone. */}
      <TableCell role="rowheader" label="Reviewer" id={nameId} className={admin.rowName}>
        {review.name}
      </TableCell>
      <TableCell label="Rating">
        <StarRating
          value={review.rating}
          max={RATING_MAX}
          size="small"
          label={ratingLabel(review.rating)}
        />
      </TableCell>
      <TableCell label="Review" className={styles.review}>
        {preview(review.discription)}
      </TableCell>
      <TableCell label="Posted" className={styles.nowrap}>
        <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
      </TableCell>
      <TableCell label="Actions">
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          className={errorButton.outlined}
          onClick={onDelete}
          aria-describedby={nameId}
        >
          Delete
        </Button>
      </TableCell>
    </TableRow>
  );
}

/**
 * Manage Reviews (admin): the reviews the home page shows, newest first, each with a
 * Delete button behind a confirm dialog. docs/decisions/010, "Reviews".
 */
export default function ManageReviewsPage() {
  const { data, error, isPending, isFetching, refetch } = useLatestReviews();
  const deleteReview = useDeleteReview();
  const [deleting, setDeleting] = useState<Review | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteReview.mutate(deleting._id, {
      onSuccess: () => notify.success(REVIEW_DELETED),
      onError: (failure) => notify.error(failure.message),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div>
      <PageTitle title="Manage Reviews" />
      <h1 className={admin.title}>Manage Reviews</h1>
      <p className={admin.intro}>
        The {REVIEW_LIST_MAX} newest reviews, as the home page shows them. A deleted review is gone
        from the home page at once and recorded in the audit log.
      </p>
      {error ? (
        <LoadError
          title="We could not load the reviews."
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      ) : (
        <TableContainer>
          <Table aria-label="Reviews" cardsOnPhones className={admin.compact}>
            <HeadRow columns={COLUMNS} />
            <TableBody aria-busy={isPending}>
              {isPending ? (
                <SkeletonRows columns={COLUMNS} />
              ) : data.length === 0 ? (
                <EmptyRow columns={COLUMNS.length}>No reviews yet.</EmptyRow>
              ) : (
                data.map((review) => (
                  <ReviewRow
                    key={review._id}
                    review={review}
                    onDelete={() => setDeleting(review)}
                  />
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={deleting !== null}
        question={CONFIRM_DELETE_REVIEW}
        detail={deleting && `${deleting.name}: ${preview(deleting.discription, 80)}`}
        pending={deleteReview.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
