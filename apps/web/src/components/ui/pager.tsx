import { useId } from 'react';
import { formatNumber } from '../../lib/format';
import { Button } from './button';
import { cx } from './container';
import styles from './pager.module.css';

interface PagerProps {
  /** The answer's `{ page, limit, total }` (DESIGN section 8's paged lists). */
  page: number;
  limit: number;
  total: number;
  /** How many items this page shows. */
  shown: number;
  /** The navigation landmark's name, e.g. "Pages of purchases". */
  label: string;
  onPage: (page: number) => void;
  /** The page sizes a reader may choose from (a "Rows per page" list); none unless given. */
  limits?: readonly number[];
  /** A new page size: the list starts again at its first page. */
  onLimit?: (limit: number) => void;
  className?: string;
}

/**
 * Previous and Next under a paged list with "Showing 51–100 of 340", and the rows-per-page
 * choice where the list offers one; nothing when everything fits on the first page at the
 * smallest size.
 */
export function Pager({
  page,
  limit,
  total,
  shown,
  label,
  onPage,
  limits,
  onLimit,
  className,
}: PagerProps) {
  const limitId = useId();
  const choosesLimit = limits !== undefined && onLimit !== undefined;
  const smallest = choosesLimit ? Math.min(limit, ...limits) : limit;
  if (page <= 1 && total <= smallest) return null;
  const first = shown === 0 ? 0 : (page - 1) * limit + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  return (
    <nav className={cx(styles.pager, className)} aria-label={label}>
      <p className={styles.showing} role="status">
        Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
      </p>
      <div className={styles.actions}>
        {choosesLimit && (
          <span className={styles.limit}>
            <label htmlFor={limitId}>Rows per page</label>
            <select
              id={limitId}
              value={limit}
              onChange={(event) => onLimit(Number(event.target.value))}
              className={styles.select}
            >
              {limits.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </select>
          </span>
        )}
        <Button
          variant="outlined"
          size="small"
          className={styles.button}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="outlined"
          size="small"
          className={styles.button}
          disabled={page * limit >= total}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

/** A paged answer of DESIGN section 8: `{ items, total, page, limit }`. */
interface PagedAnswer {
  items: readonly unknown[];
  total: number;
  page: number;
  limit: number;
}

/** The pager of a paged answer, once there is one (nothing while the first page loads). */
export function PagerOf({
  answer,
  ...props
}: Omit<PagerProps, 'page' | 'limit' | 'total' | 'shown'> & { answer: PagedAnswer | undefined }) {
  if (!answer) return null;
  const { page, limit, total, items } = answer;
  return <Pager page={page} limit={limit} total={total} shown={items.length} {...props} />;
}
