import type { ComponentPropsWithoutRef } from 'react';
import styles from './container.module.css';

/** The page's content column (1200 px at most), as MUI's Container maxWidth="lg" drew it. */
export function Container({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div className={cx(styles.container, className)} {...props} />;
}

/** Joins class names, skipping the ones a condition turned off. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
