import { useId } from 'react';
import { Icon } from './icon';
import { star, starBorder } from './icons';
import styles from './star-rating-input.module.css';

interface StarRatingInputProps {
  /** The group's name for assistive technology (its legend). */
  legend: string;
  /** Whole stars chosen, 1 to `max`, or null for none. */
  value: number | null;
  max: number;
  onChange: (stars: number) => void;
  /** The radios' name. */
  name: string;
}

const starsLabel = (count: number) => `${count} ${count === 1 ? 'Star' : 'Stars'}`;

/**
 * Stars to choose a score with (MUI's Rating, in HTML and CSS): a group of radios, one per star
 * plus an unseen "Empty" one checked while no star is chosen, so the arrow keys and a screen
 * reader work as on any radio group. The stars up to the chosen one are filled.
 */
export function StarRatingInput({ legend, value, max, onChange, name }: StarRatingInputProps) {
  const id = useId();
  const choices = Array.from({ length: max }, (_, index) => index + 1);
  return (
    <fieldset className={styles.group} aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className={styles.legend}>
        {legend}
      </legend>
      <div className={styles.stars}>
        {choices.map((count) => (
          <span key={count} className={styles.choice}>
            <input
              type="radio"
              id={`${id}-${count}`}
              name={name}
              value={count}
              checked={value === count}
              onChange={() => onChange(count)}
              className={styles.radio}
            />
            <label htmlFor={`${id}-${count}`} className={styles.star}>
              <Icon
                path={value !== null && count <= value ? star : starBorder}
                className={value !== null && count <= value ? styles.filled : styles.empty}
              />
              <span className={styles.hidden}>{starsLabel(count)}</span>
            </label>
          </span>
        ))}
        <input
          type="radio"
          id={`${id}-empty`}
          name={name}
          value=""
          checked={value === null}
          readOnly
          className={styles.radio}
        />
        <label htmlFor={`${id}-empty`} className={styles.hidden}>
          Empty
        </label>
      </div>
    </fieldset>
  );
}
