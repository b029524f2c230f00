import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RATING_MAX, preview, type Review } from '@shop/shared';
import { useId } from 'react';

/** "4 stars out of 5": the count first, so a screen reader says the score before the scale. */
export const ratingLabel = (value: number) =>
  `${value} ${value === 1 ? 'star' : 'stars'} out of ${RATING_MAX}`;

export function ReviewCard({ review }: { review: Review }) {
  const nameId = useId();
  const initial = review.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Card
      component="article"
      data-testid="review-card"
      aria-labelledby={nameId}
      sx={{ height: '100%' }}
    >
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden>
            {initial}
          </Avatar>
          <div>
            <Typography variant="h3" id={nameId} sx={{ fontSize: '1.05rem' }}>
              {review.name}
            </Typography>
            <Rating
              value={review.rating}
              max={RATING_MAX}
              readOnly
              size="small"
              getLabelText={ratingLabel}
            />
          </div>
        </Stack>
        <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
          {preview(review.discription)}
        </Typography>
      </CardContent>
    </Card>
  );
}
