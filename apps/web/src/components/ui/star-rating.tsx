import { cx } from './container';
import { Icon } from './icon';
import { star, starBorder } from './icons';
import styles from './star-rating.module.css';

interface StarRatingProps {
  /** Whole stars, 0 to `max`. */
  value: number;
  max: number;
  /** What the stars say, read instead of them ("4 stars out of 5"). */
  label: string;
  size?: 'small' | 'medium';
}

/** A score shown as stars: one image to assistive technology, named by `label`. */
export function StarRating({ value, max, label, size = 'medium' }: StarRatingProps) {
  return (
    <span
      className={cx(styles.rating, size === 'small' && styles.small)}
      role="img"
      aria-label={label}
    >
      {Array.from({ length: max }, (_, index) =>
        index < value ? (
          <Icon key={index} path={star} />
        ) : (
          <Icon key={index} path={starBorder} className={styles.empty} />
        ),
      )}
    </span>
  );
}
