import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import styles from './auth-card.module.css';

interface AuthCardContentProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The frame of the login, signup and reset pages: one centred card. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <div className={styles.card}>{children}</div>
    </div>
  );
}

/**
 * What the card holds: its heading, a line under it, then the form. Apart from the frame for
 * /login, whose heading changes with its mode (login or reset password) inside its island.
 */
export function AuthCardContent({ title, subtitle, children }: AuthCardContentProps) {
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      <div className={styles.body}>{children}</div>
    </>
  );
}

/** A page of one card with its heading, which also names the page (its document title). */
export function AuthCard({ title, subtitle, children }: AuthCardContentProps) {
  return (
    <AuthFrame>
      <PageTitle title={title} />
      <AuthCardContent title={title} subtitle={subtitle}>
        {children}
      </AuthCardContent>
    </AuthFrame>
  );
}
