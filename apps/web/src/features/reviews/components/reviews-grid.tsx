import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../../components/load-error';
import { useLatestReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';

/** SPEC section 2: three columns on large screens, two on medium, one below. */
const cardSize = { xs: 12, md: 6, lg: 4 } as const;
const SKELETON_COUNT = 3;

function ReviewCardSkeleton() {
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Skeleton variant="circular" width={40} height={40} />
          <div style={{ flex: 1 }}>
            <Skeleton variant="text" sx={{ width: '60%' }} />
            <Skeleton variant="text" sx={{ width: '40%' }} />
          </div>
        </Stack>
        <Skeleton variant="text" sx={{ mt: 2 }} />
        <Skeleton variant="text" />
        <Skeleton variant="text" sx={{ width: '80%' }} />
      </CardContent>
    </Card>
  );
}

/** The body of the Customer Reviews section, loaded when it comes near the viewport. */
export default function ReviewsGrid() {
  const { data, error, isPending, isFetching, refetch } = useLatestReviews();

  if (isPending) {
    return (
      <Grid container spacing={3} aria-busy="true">
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <Grid key={index} size={cardSize}>
            <ReviewCardSkeleton />
          </Grid>
        ))}
      </Grid>
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
    return <Typography sx={{ textAlign: 'center' }}>No reviews yet.</Typography>;
  }
  return (
    <Grid container spacing={3}>
      {data.map((review) => (
        <Grid key={review._id} size={cardSize}>
          <ReviewCard review={review} />
        </Grid>
      ))}
    </Grid>
  );
}
