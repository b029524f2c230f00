import type { ComponentPropsWithoutRef } from 'react';
import styles from './container.module.css';

interface ContainerProps extends ComponentPropsWithoutRef<'div'> {
  /** MUI's maxWidth: "lg", 1200 px, unless told "md", 900 px (the content pages' reading width). */
  maxWidth?: 'md' | 'lg';
}

/** The page's content column, as MUI's Container drew it. */
export function Container({ maxWidth = 'lg', className, ...props }: ContainerProps) {
  return (
    <div className={cx(styles.container, maxWidth === 'md' && styles.md, className)} {...props} />
  );
}

/** Joins class names, skipping the ones a condition turned off. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
