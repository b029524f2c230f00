import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styles from './button.module.css';
import { cx } from './container';
import { PageLink } from './navigation';

interface ButtonLook {
  variant?: 'contained' | 'outlined' | 'text';
  color?: 'primary' | 'secondary' | 'inherit';
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
  /** An icon after the label (an <Icon>). */
  endIcon?: ReactNode;
}

function buttonClass(look: ButtonLook, className?: string) {
  const { variant = 'text', color = 'primary', size = 'medium', fullWidth = false } = look;
  return cx(
    styles.button,
    styles[variant],
    styles[color],
    size === 'large' && styles.large,
    size === 'small' && styles.small,
    fullWidth && styles.fullWidth,
    className,
  );
}

function Label({ children, endIcon }: { children: ReactNode; endIcon?: ReactNode }) {
  return (
    <>
      {children}
      {endIcon && <span className={styles.icon}>{endIcon}</span>}
    </>
  );
}

type ButtonProps = ButtonLook &
  ComponentPropsWithoutRef<'button'> & {
    /**
     * While what the button started runs (MUI's `loading`): a spinner takes the label's place,
     * the label keeps the button's width and name, and the button is disabled.
     */
    loading?: boolean;
  };

export function Button({
  variant,
  color,
  size,
  fullWidth,
  endIcon,
  className,
  children,
  type = 'button',
  loading = false,
  disabled,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, color, size, fullWidth }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          <span className={styles.hiddenLabel}>
            <Label endIcon={endIcon}>{children}</Label>
          </span>
        </>
      ) : (
        <Label endIcon={endIcon}>{children}</Label>
      )}
    </button>
  );
}

type ButtonLinkProps = ButtonLook & ComponentPropsWithoutRef<'a'> & { href: string };

/** A link that looks like a button: it goes to a page (or a place on this one). */
export function ButtonLink({
  variant,
  color,
  size,
  fullWidth,
  endIcon,
  className,
  children,
  ...props
}: ButtonLinkProps) {
  const look = buttonClass({ variant, color, size, fullWidth }, className);
  const label = <Label endIcon={endIcon}>{children}</Label>;
  // An in-page anchor is no page of the shop: the browser scrolls to it.
  if (props.href.startsWith('#'))
    return (
      <a className={look} {...props}>
        {label}
      </a>
    );
  return (
    <PageLink className={look} {...props}>
      {label}
    </PageLink>
  );
}
