import { QUOTE_STATUSES, quotePagePath, type QuoteSummary } from '@shop/shared';
import { SearchField } from '../../../components/search-field';
import { LoadError } from '../../../components/ui/load-error';
import { PageLink } from '../../../components/ui/navigation';
import { PagerOf } from '../../../components/ui/pager';
import selectStyles from '../../../components/ui/select.module.css';
import {
  EmptyRow,
  HeadRow,
  SkeletonRows,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../../components/ui/table';
import { formatDate, formatNumber, formatPrice } from '../../../lib/format';
import { useQuotes, type QuotesView } from '../api/quotes';
import { QUOTE_STATUS_LABEL, QuoteStatusChip } from './quote-status';
import styles from './quotes.module.css';

const COLUMNS = [
  'Quote',
  'Company',
  'Requester',
  'Lines',
  'Offer subtotal',
  'Valid until',
  'Status',
];

function QuoteRow({ quote }: { quote: QuoteSummary }) {
  return (
    <TableRow data-testid="quote-row">
      <TableCell role="rowheader" label="Quote">
        <PageLink href={quotePagePath(quote._id)}>{quote.number}</PageLink>
      </TableCell>
      <TableCell label="Company">{quote.companyName ?? '—'}</TableCell>
      <TableCell label="Requester">{quote.requester.name}</TableCell>
      <TableCell label="Lines" align="right">
        {formatNumber(quote.lineCount)}
      </TableCell>
      <TableCell label="Offer subtotal" align="right">
        {quote.offerSubtotal === null ? '—' : formatPrice(quote.offerSubtotal)}
      </TableCell>
      <TableCell label="Valid until">
        {quote.expiresAt ? formatDate(quote.expiresAt) : '—'}
      </TableCell>
      <TableCell label="Status">
        <QuoteStatusChip status={quote.status} />
      </TableCell>
    </TableRow>
  );
}

interface QuotesTableProps {
  view: QuotesView;
  onViewChange: (view: QuotesView) => void;
}

/** The quotes the caller may see (an admin's all), filtered by status and search, paged. */
export function QuotesTable({ view, onViewChange }: QuotesTableProps) {
  const quotes = useQuotes(view);
  const filtered = view.status !== null || view.q !== '';

  let body;
  if (quotes.isPending) body = <SkeletonRows columns={COLUMNS} />;
  else if (quotes.error) {
    return (
      <LoadError
        title="We could not load the quotes."
        error={quotes.error}
        retrying={quotes.isFetching}
        onRetry={() => void quotes.refetch()}
      />
    );
  } else {
    const { items } = quotes.data;
    body = (
      <>
        {items.length === 0 && (
          <EmptyRow columns={COLUMNS.length}>
            {filtered
              ? 'No quote matches this filter.'
              : 'No quotes yet. Ask for one from your cart.'}
          </EmptyRow>
        )}
        {items.map((quote) => (
          <QuoteRow key={quote._id} quote={quote} />
        ))}
      </>
    );
  }

  return (
    <div className={styles.block}>
      <div className={styles.filters}>
        <div className={selectStyles.field}>
          <label htmlFor="quotes-status" className={selectStyles.label}>
            Status
          </label>
          <select
            id="quotes-status"
            className={selectStyles.select}
            value={view.status ?? ''}
            onChange={(event) => {
              const status = QUOTE_STATUSES.find((s) => s === event.target.value) ?? null;
              onViewChange({ ...view, status, page: 1 });
            }}
          >
            <option value="">Any status</option>
            {QUOTE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {QUOTE_STATUS_LABEL[status]}
              </option>
            ))}
          </select>
        </div>
        <SearchField
          q={view.q}
          onSearch={(q) => onViewChange({ ...view, q, page: 1 })}
          label="Search quotes"
          helperText="A quote number, company, requester or product."
          maxLength={200}
          className={styles.search}
        />
      </div>
      <TableContainer aria-busy={quotes.isPlaceholderData || undefined}>
        <Table aria-label="Quotes" cardsOnPhones>
          <HeadRow columns={COLUMNS} />
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      <PagerOf
        answer={quotes.data}
        label="Pages of quotes"
        onPage={(page) => onViewChange({ ...view, page })}
      />
    </div>
  );
}
