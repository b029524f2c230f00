import type { ReactNode } from 'react';
import { Island } from '../../components/island';
import { Footer } from './footer';
import { Navbar } from './navbar';
import styles from './page-frame.module.css';
import { VerifyEmailNotice } from './verify-email-notice';

/**
 * What every page has around its content: the navbar, the verify-email banner, the footer. The
 * server renders it around its documents, the single-page app around its pages; the navbar and
 * the banner depend on who is signed in, so on a server-rendered page they are islands.
 */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <Island name="navbar" component={Navbar} props={{}} />
      <Island name="verify-email-notice" component={VerifyEmailNotice} props={{}} />
      <main className={styles.main}>{children}</main>
      <Footer />
    </div>
  );
}
