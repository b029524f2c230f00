import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import styles from './orders.module.css';

/** A dashboard page's document title and h1, with an optional line saying what the page is for. */
export function DashboardHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <PageTitle title={title} />
      <h1 className={styles.heading}>{title}</h1>
      {children && <p className={styles.intro}>{children}</p>}
    </>
  );
}
