import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/container';
import styles from './overview.module.css';

interface CardProps {
  title: string;
  /** What sits under the heading: a headline figure, a link to the whole list. */
  children?: ReactNode;
  /** Across the whole grid on a desk (the revenue). */
  wide?: boolean;
}

/** One figure of the Overview: a section with its h2. */
export function Card({ title, children, wide = false }: CardProps) {
  const headingId = useId();
  return (
    <section className={cx(styles.card, wide && styles.wide)} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

interface ChartFigureProps {
  /** Says what the chart shows, and that a bar opens its orders: the figure's caption. */
  caption: ReactNode;
  /** The drawing: for the eye and the mouse only (hidden from assistive tech). */
  chart: ReactNode;
  /** The same numbers, and the same links, as a table. */
  table: ReactNode;
}

/**
 * A chart and its table alternative. The SVG is hidden from screen readers, which read the table
 * instead; the table is visually hidden until someone shows it, or until the keyboard reaches one
 * of its links (each bar's link is there), so a keyboard user sees where the focus is.
 */
export function ChartFigure({ caption, chart, table }: ChartFigureProps) {
  const tableId = useId();
  const [open, setOpen] = useState(false);
  return (
    <figure className={styles.figure}>
      <div className={styles.chart} aria-hidden="true">
        {chart}
      </div>
      <figcaption className={styles.caption}>{caption}</figcaption>
      <div id={tableId} className={cx(styles.tableAlternative, !open && styles.hiddenTable)}>
        {table}
      </div>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={tableId}
        onClick={() => setOpen(!open)}
        className={styles.tableToggle}
      >
        {open ? 'Hide the table' : 'Show as a table'}
      </Button>
    </figure>
  );
}
