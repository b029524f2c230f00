import type { ReactNode } from 'react';
import styles from './alert.module.css';
import { cx } from './container';
import { Icon } from './icon';

export type Severity = 'success' | 'info' | 'warning' | 'error';

/** The outlined icons of MUI's standard Alert, per severity (Material icons' path data). */
const ICONS: Record<Severity, string> = {
  success:
    'M20 12c0 4.41-3.59 8-8 8s-8-3.59-8-8 3.59-8 8-8c.76 0 1.5.11 2.2.31l1.57-1.57C14.61 2.26 13.34 2 12 2 6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10zM7.91 10.08 6.5 11.5 11 16 21 6l-1.41-1.42L11 13.17z',
  info: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
  warning: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
};

interface AlertProps {
  severity: Severity;
  /** A line in bold above the message. */
  title?: ReactNode;
  /** Beside the message, on the right: a small button or link. */
  action?: ReactNode;
  /** `alert` (the default) is announced at once; `status` politely, for what a toast already said. */
  role?: 'alert' | 'status';
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
}

/** MUI's standard Alert, in HTML and CSS alone: a tinted box with its severity's icon. */
export function Alert({
  severity,
  title,
  action,
  role = 'alert',
  className,
  children,
  'data-testid': testId,
}: AlertProps) {
  return (
    <div role={role} className={cx(styles.alert, styles[severity], className)} data-testid={testId}>
      <span className={styles.icon}>
        <Icon path={ICONS[severity]} size={22} />
      </span>
      <div className={styles.message}>
        {title && <p className={styles.title}>{title}</p>}
        {children}
      </div>
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
