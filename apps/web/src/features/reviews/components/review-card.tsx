import { RATING_MAX, preview, type Review } from '@shop/shared';
import { useId } from 'react';
import cardStyles from '../../../components/ui/card.module.css';
import { cx } from '../../../components/ui/container';
import { StarRating } from '../../../components/ui/star-rating';
import text from '../../../components/ui/text.module.css';
import styles from './review-card.module.css';

/** "4 stars out of 5": the count first, so a screen reader says the score before the scale. */
export const ratingLabel = (value: number) =>
  `${value} ${value === 1 ? 'star' : 'stars'} out of ${RATING_MAX}`;

export function ReviewCard({ review }: { review: Review }) {
  const nameId = useId();
  const initial = review.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <article
      data-testid="review-card"
      aria-labelledby={nameId}
      className={cx(cardStyles.card, styles.card)}
    >
      <div className={cardStyles.content}>
        <div className={styles.header}>
          <div className={styles.avatar} aria-hidden="true">
            {initial}
          </div>
          <div>
            <h3 id={nameId} className={cx(text.h3, styles.name)}>
              {review.name}
            </h3>
            <StarRating
              value={review.rating}
              max={RATING_MAX}
              label={ratingLabel(review.rating)}
              size="small"
            />
          </div>
        </div>
        <p className={cx(text.body2, text.secondary, styles.text)}>{preview(review.discription)}</p>
      </div>
    </article>
  );
}
