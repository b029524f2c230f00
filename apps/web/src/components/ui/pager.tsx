import { formatNumber } from '../../lib/format';
import { Button } from './button';
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
}

/**
 * Previous and Next under a paged list with "Showing 51–100 of 340"; nothing when everything fits
 * on the first page.
 */
export function Pager({ page, limit, total, shown, label, onPage }: PagerProps) {
  if (page <= 1 && total <= limit) return null;
  const first = shown === 0 ? 0 : (page - 1) * limit + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  return (
    <nav className={styles.pager} aria-label={label}>
      <p className={styles.showing} role="status">
        Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
      </p>
      <div className={styles.actions}>
        <Button
          variant="outlined"
          size="small"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={page * limit >= total}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
