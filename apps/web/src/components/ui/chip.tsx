import { cx } from './container';
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
}

/** MUI's Chip as a label (no action): a rounded tag. */
export function Chip({
  label,
  color = 'default',
  variant = 'filled',
  size = 'medium',
  dashed = false,
  className,
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
    </span>
  );
}
