import type { CompanySummary } from '@shop/shared';
import { SearchField } from '../../../components/search-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageLink } from '../../../components/ui/navigation';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../../components/ui/table';
import { formatNumber } from '../../../lib/format';
import { useAdminCompanies, type CompanyListView } from '../api/admin-companies';
import styles from './companies.module.css';

/** Where the admin reads one company and its contract prices. */
export const companyAdminPath = (id: string) => `/dashboard/companies/${id}`;

const COLUMNS = ['Name', 'Tax id', 'Members', 'Contract prices', 'Since'];
const sinceFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function CompanyRow({ company }: { company: CompanySummary }) {
  return (
    <TableRow data-testid="company-row">
      <TableCell role="rowheader" label="Name" className={styles.rowName}>
        <PageLink href={companyAdminPath(company._id)}>{company.name}</PageLink>
      </TableCell>
      <TableCell label="Tax id">{company.taxId ?? '—'}</TableCell>
      <TableCell label="Members" align="right">
        {formatNumber(company.members)}
      </TableCell>
      <TableCell label="Contract prices" align="right">
        {formatNumber(company.contractPrices)}
      </TableCell>
      <TableCell label="Since">
        <time dateTime={company.createdAt}>{sinceFormat.format(new Date(company.createdAt))}</time>
      </TableCell>
    </TableRow>
  );
}

interface CompaniesTableProps {
  view: CompanyListView;
  onViewChange: (view: CompanyListView, options?: { replace?: boolean }) => void;
}

/** The admin's companies a page at a time, searched by name or tax id, each linking to its prices. */
export function CompaniesTable({ view, onViewChange }: CompaniesTableProps) {
  const { q, page } = view;
  const companies = useAdminCompanies(view);

  let rows;
  let pager = null;
  if (companies.isPending) {
    rows = Array.from({ length: 3 }, (_, row) => (
      <TableRow key={row}>
        {COLUMNS.map((column) => (
          <TableCell key={column}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (!companies.data || companies.data.items.length === 0) {
    rows = (
      <TableRow>
        <TableCell colSpan={COLUMNS.length}>
          {q || page > 1 ? 'No companies match this search.' : 'No company has been created yet.'}
        </TableCell>
      </TableRow>
    );
  } else {
    const { items, total, limit } = companies.data;
    const first = (companies.data.page - 1) * limit + 1;
    const last = first + items.length - 1;
    rows = items.map((company) => <CompanyRow key={company._id} company={company} />);
    pager = (
      <nav className={styles.paging} aria-label="Pages of companies">
        <p className={styles.showing} role="status">
          Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
        </p>
        <div className={styles.actions}>
          <Button
            variant="outlined"
            size="small"
            disabled={page <= 1}
            onClick={() => onViewChange({ ...view, page: page - 1 })}
          >
            Previous
          </Button>
          <Button
            variant="outlined"
            size="small"
            disabled={last >= total}
            onClick={() => onViewChange({ ...view, page: page + 1 })}
          >
            Next
          </Button>
        </div>
      </nav>
    );
  }

  return (
    <>
      <SearchField
        q={q}
        onSearch={(text) => onViewChange({ q: text, page: 1 }, { replace: true })}
        label="Search companies"
        helperText="Name or tax id"
        maxLength={120}
      />
      {companies.error && !companies.data ? (
        <LoadError
          title="We could not load the companies."
          error={companies.error}
          retrying={companies.isFetching}
          onRetry={() => void companies.refetch()}
        />
      ) : (
        <>
          {companies.error && <Alert severity="error">{companies.error.message}</Alert>}
          <TableContainer aria-busy={companies.isPlaceholderData || undefined}>
            <Table aria-label="Companies" cardsOnPhones>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column}>{column}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody aria-busy={companies.isPending}>{rows}</TableBody>
            </Table>
          </TableContainer>
          {pager}
        </>
      )}
    </>
  );
}
