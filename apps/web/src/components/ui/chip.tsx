import { cx } from './container';
import { Icon } from './icon';
import { close } from './icons';
import styles from './chip.module.css';

interface ChipProps {
  label: string;
  /** The theme's status colours; `default` is grey. */
  color?: 'default' | 'success' | 'info' | 'warning';
  variant?: 'filled' | 'outlined';
  size?: 'small' | 'medium';
  /** A dashed outline: something to look at twice (a test payment). */
  dashed?: boolean;
  className?: string;
  /** A small button after the label that removes what the chip stands for (an active filter). */
  onDelete?: () => void;
  /** The remove button's name; "Remove <label>" unless told. */
  deleteLabel?: string;
}

/** MUI's Chip: a rounded tag, with a remove button when it has `onDelete`. */
export function Chip({
  label,
  color = 'default',
  variant = 'filled',
  size = 'medium',
  dashed = false,
  className,
  onDelete,
  deleteLabel = `Remove ${label}`,
}: ChipProps) {
  return (
    <span
      className={cx(
        styles.chip,
        styles[variant],
        styles[color],
        size === 'small' && styles.small,
        dashed && styles.dashed,
        className,
      )}
    >
      <span className={styles.label}>{label}</span>
      {onDelete && (
        <button type="button" className={styles.delete} onClick={onDelete} aria-label={deleteLabel}>
          <Icon path={close} size={size === 'small' ? 14 : 16} />
        </button>
      )}
    </span>
  );
}
