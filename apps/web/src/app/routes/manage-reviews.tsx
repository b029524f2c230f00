import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RATING_MAX, REVIEW_LIST_MAX, preview, type Review } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { PageTitle } from '../../components/page-title';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../components/ui/toast';
import { useDeleteReview } from '../../features/reviews/api/delete-review';
import { useLatestReviews } from '../../features/reviews/api/get-reviews';
import { ratingLabel } from '../../features/reviews/components/review-card';

/** Not SPEC messages: SPEC has no moderation, so its question and toast follow SPEC's others. */
export const CONFIRM_DELETE_REVIEW = 'Are You Sure, You Want To Delete The Review!';
export const REVIEW_DELETED = 'Review Deleted Successfully!';

const COLUMNS = ['Reviewer', 'Rating', 'Review', 'Posted', 'Actions'];

function ReviewRow({ review, onDelete }: { review: Review; onDelete: () => void }) {
  const nameId = `review-name-${review._id}`;
  return (
    <TableRow data-testid="review-row" hover>
      <TableCell component="th" scope="row" id={nameId} sx={{ fontWeight: 600 }}>
        {review.name}
      </TableCell>
      <TableCell>
        <Rating
          value={review.rating}
          max={RATING_MAX}
          readOnly
          size="small"
          getLabelText={ratingLabel}
        />
      </TableCell>
      <TableCell sx={{ maxWidth: 420 }}>{preview(review.discription)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
      </TableCell>
      <TableCell>
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={onDelete}
          aria-describedby={nameId}
        >
          Delete
        </Button>
      </TableCell>
    </TableRow>
  );
}

function LoadingRows() {
  return Array.from({ length: 3 }, (_, row) => (
    <TableRow key={row}>
      {COLUMNS.map((column) => (
        <TableCell key={column}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
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
    <Box>
      <PageTitle title="Manage Reviews" />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        Manage Reviews
      </Typography>
      <Typography sx={{ mt: 1, mb: 3, color: 'text.secondary' }}>
        The {REVIEW_LIST_MAX} newest reviews, as the home page shows them. A deleted review is gone
        from the home page at once and recorded in the audit log.
      </Typography>
      {error ? (
        <LoadError
          title="We could not load the reviews."
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Reviews" size="small">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody aria-busy={isPending}>
              {isPending ? (
                <LoadingRows />
              ) : data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length}>No reviews yet.</TableCell>
                </TableRow>
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
    </Box>
  );
}
