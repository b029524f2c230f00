import { AGING_BUCKETS, agingLabels, paymentTermsLabels, type Receivable } from '@shop/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
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
import { formatDay, formatPrice } from '../../../lib/format';
import { downloadReceivablesCsv, useReceivables, type ReceivablesView } from '../api/account';
import { companyAdminPath } from './companies-table';
import styles from './companies.module.css';

/**
 * The admin's receivables (issue 30 item 7): each company on terms or owing, its balance and
 * what its open invoices ask by age, the most overdue first, with the totals of all of them;
 * each name opens the company's page, where its ledger and invoices are.
 */

const COLUMNS = [
  'Company',
  'Terms',
  'Balance',
  ...AGING_BUCKETS.map((bucket) => agingLabels[bucket]),
  'Oldest due',
];

function ReceivableRow({ row }: { row: Receivable }) {
  return (
    <TableRow data-testid="receivable-row">
      <TableCell role="rowheader" label="Company" className={styles.rowName}>
        <PageLink href={companyAdminPath(row.companyId)}>{row.name}</PageLink>
        {row.onHold && <span className={styles.hint}> (on hold)</span>}
      </TableCell>
      <TableCell label="Terms">{paymentTermsLabels[row.paymentTerms]}</TableCell>
      <TableCell label="Balance" align="right">
        {formatPrice(row.balance)}
      </TableCell>
      {AGING_BUCKETS.map((bucket) => (
        <TableCell key={bucket} label={agingLabels[bucket]} align="right">
          {formatPrice(row[bucket])}
        </TableCell>
      ))}
      <TableCell label="Oldest due">
        {row.oldestDueDate ? formatDay(row.oldestDueDate) : '—'}
      </TableCell>
    </TableRow>
  );
}

interface ReceivablesTableProps {
  view: ReceivablesView;
  onViewChange: (view: ReceivablesView) => void;
}

export function ReceivablesTable({ view, onViewChange }: ReceivablesTableProps) {
  const receivables = useReceivables(view);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string>();

  const csv = async () => {
    setDownloading(true);
    setDownloadError(undefined);
    try {
      await downloadReceivablesCsv(view);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };

  let body;
  if (receivables.isPending) body = <SkeletonRows columns={COLUMNS} />;
  else if (receivables.error) {
    return (
      <LoadError
        title="We could not load the receivables."
        error={receivables.error}
        retrying={receivables.isFetching}
        onRetry={() => void receivables.refetch()}
      />
    );
  } else {
    const { items, totals } = receivables.data;
    body = (
      <>
        {items.length === 0 && (
          <EmptyRow columns={COLUMNS.length}>
            {view.overdue ? 'No company has anything overdue.' : 'No company owes anything.'}
          </EmptyRow>
        )}
        {items.map((row) => (
          <ReceivableRow key={row.companyId} row={row} />
        ))}
        {items.length > 0 && (
          <TableRow data-testid="receivables-totals" className={styles.totalsRow}>
            <TableCell role="rowheader" label="Company" className={styles.rowName}>
              Total
            </TableCell>
            <TableCell label="Terms">{''}</TableCell>
            <TableCell label="Balance" align="right">
              {formatPrice(totals.balance)}
            </TableCell>
            {AGING_BUCKETS.map((bucket) => (
              <TableCell key={bucket} label={agingLabels[bucket]} align="right">
                {formatPrice(totals[bucket])}
              </TableCell>
            ))}
            <TableCell label="Oldest due">{''}</TableCell>
          </TableRow>
        )}
      </>
    );
  }

  return (
    <div className={styles.accountBlock}>
      <div className={styles.payChosen}>
        <div className={selectStyles.field}>
          <label htmlFor="receivables-filter" className={selectStyles.label}>
            Show
          </label>
          <select
            id="receivables-filter"
            className={selectStyles.select}
            value={view.overdue ? 'overdue' : ''}
            onChange={(event) =>
              onViewChange({ overdue: event.target.value === 'overdue', page: 1 })
            }
          >
            <option value="">Every company on terms or owing</option>
            <option value="overdue">Only those with something overdue</option>
          </select>
        </div>
        <Button variant="outlined" onClick={() => void csv()} loading={downloading}>
          Download CSV
        </Button>
      </div>
      {downloadError && (
        <Alert severity="error" role="alert">
          {downloadError}
        </Alert>
      )}
      <TableContainer aria-busy={receivables.isPlaceholderData || undefined}>
        <Table aria-label="Receivables" cardsOnPhones>
          <HeadRow columns={COLUMNS} />
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      <PagerOf
        answer={receivables.data}
        label="Pages of receivables"
        onPage={(page) => onViewChange({ ...view, page })}
      />
    </div>
  );
}
