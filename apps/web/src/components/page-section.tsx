import type { ReactNode } from 'react';
import styles from './page-section.module.css';
import { Container, cx } from './ui/container';

interface PageSectionProps {
  /** Also the anchor other parts of the page scroll to. */
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  tinted?: boolean;
}

/** A home-page band: a <section> named by its h2, so it is a landmark for assistive technology. */
export function PageSection({ id, title, subtitle, children, tinted = false }: PageSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cx(styles.section, tinted && styles.tinted)}
    >
      <Container>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        <div className={styles.body}>{children}</div>
      </Container>
    </section>
  );
}
