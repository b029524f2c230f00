import { createContext, useContext, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from './container';
import { Skeleton } from './skeleton';
import styles from './table.module.css';

/*
 * The table kit of every list page: MUI's Table in an outlined Paper (TableContainer), in HTML
 * and CSS alone; cells in the head are <th scope="col">, the others <td>; 16 px padding, a light
 * rule under every row. Cards on phones (Table's cardsOnPhones), skeleton rows while loading
 * (SkeletonRows), an empty state (EmptyRow) and, under the table, the Pager (./pager).
 */

/** The outlined box around a table; it scrolls sideways when the table is wider than the page. */
export function TableContainer({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div className={cx(styles.container, className)} {...props} />;
}

type TableProps = ComponentPropsWithoutRef<'table'> & {
  /**
   * Below 600 px each body row becomes a card: one cell per line, its column's name (the
   * cell's `label`) before it, so every action button stays on screen at 375 px instead of
   * behind a sideways scroll. The head stays in the page for screen readers.
   */
  cardsOnPhones?: boolean;
};

export function Table({ className, cardsOnPhones, ...props }: TableProps) {
  return (
    <table className={cx(styles.table, cardsOnPhones && styles.cards, className)} {...props} />
  );
}

const InHead = createContext(false);

export function TableHead(props: ComponentPropsWithoutRef<'thead'>) {
  return (
    <InHead.Provider value={true}>
      <thead {...props} />
    </InHead.Provider>
  );
}

export function TableBody(props: ComponentPropsWithoutRef<'tbody'>) {
  return (
    <InHead.Provider value={false}>
      <tbody {...props} />
    </InHead.Provider>
  );
}

export function TableRow(props: ComponentPropsWithoutRef<'tr'>) {
  return <tr {...props} />;
}

type TableCellProps = Omit<ComponentPropsWithoutRef<'td'>, 'align'> & {
  /** Numbers line up on the right. */
  align?: 'left' | 'right' | 'center';
  /** The column's name, shown before a body cell when its table is a card on a phone. */
  label?: string;
};

export function TableCell({ align, className, label, ...props }: TableCellProps) {
  const head = useContext(InHead);
  const look = cx(
    styles.cell,
    head && styles.head,
    align === 'right' && styles.right,
    align === 'center' && styles.center,
    className,
  );
  return head ? (
    <th scope="col" className={look} {...props} />
  ) : (
    <td className={look} data-label={label} {...props} />
  );
}

/** A table's head: one column heading a name. */
export function HeadRow({ columns }: { columns: readonly string[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column}>{column}</TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/**
 * Rows of placeholders while a table's first page loads: one line of skeleton per column. The
 * body around them says it is busy (aria-busy).
 */
export function SkeletonRows({ columns, rows = 3 }: { columns: readonly string[]; rows?: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <TableRow key={row}>
      {columns.map((column) => (
        <TableCell key={column} label={column}>
          <Skeleton variant="text" className={styles.skeleton} />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/** What a table with no row says instead ("No reviews yet."), across all its columns. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} className={styles.empty}>
        {children}
      </TableCell>
    </TableRow>
  );
}
