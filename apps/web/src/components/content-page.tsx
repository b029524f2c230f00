import type { ReactNode } from 'react';
import styles from './content-page.module.css';
import { PageTitle } from './page-title';
import { Container } from './ui/container';

interface ContentPageProps {
  title: string;
  intro?: string;
  children: ReactNode;
}

/** Frame of the static pages: one h1, a short intro and readable line lengths. */
export function ContentPage({ title, intro, children }: ContentPageProps) {
  return (
    <Container maxWidth="md" className={styles.page}>
      <PageTitle title={title} />
      <h1 className={styles.title}>{title}</h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </Container>
  );
}
