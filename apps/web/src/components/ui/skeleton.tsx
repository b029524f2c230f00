import type { CSSProperties } from 'react';
import { cx } from './container';
import styles from './skeleton.module.css';

interface SkeletonProps {
  /** `text` is one line of the surrounding text's height; the others need a height. */
  variant?: 'text' | 'rectangular' | 'rounded' | 'circular';
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
}

/**
 * A placeholder of the size of content still loading (MUI's Skeleton): it pulses unless the
 * visitor asked for less motion. A list of them sits in an element marked aria-busy.
 */
export function Skeleton({ variant = 'text', width, height, className }: SkeletonProps) {
  return (
    <span
      className={cx(styles.skeleton, styles[variant], className)}
      style={width === undefined && height === undefined ? undefined : { width, height }}
      aria-hidden="true"
    />
  );
}
