import type { CompanySummary } from '@shop/shared';
import { SearchField } from '../../../components/search-field';
import { Alert } from '../../../components/ui/alert';
import { LoadError } from '../../../components/ui/load-error';
import { PageLink } from '../../../components/ui/navigation';
import { Pager } from '../../../components/ui/pager';
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
import { formatDate, formatNumber } from '../../../lib/format';
import { useAdminCompanies, type CompanyListView } from '../api/admin-companies';
import styles from './companies.module.css';

/** Where the admin reads one company and its contract prices. */
export const companyAdminPath = (id: string) => `/dashboard/companies/${id}`;

const COLUMNS = ['Name', 'Tax id', 'Members', 'Contract prices', 'Since'];

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
        <time dateTime={company.createdAt}>{formatDate(company.createdAt)}</time>
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
    rows = <SkeletonRows columns={COLUMNS} />;
  } else if (!companies.data || companies.data.items.length === 0) {
    rows = (
      <EmptyRow columns={COLUMNS.length}>
        {q || page > 1 ? 'No companies match this search.' : 'No company has been created yet.'}
      </EmptyRow>
    );
  } else {
    const { items, total, limit } = companies.data;
    rows = items.map((company) => <CompanyRow key={company._id} company={company} />);
    pager = (
      <Pager
        page={companies.data.page}
        limit={limit}
        total={total}
        shown={items.length}
        label="Pages of companies"
        onPage={(next) => onViewChange({ ...view, page: next })}
        className={styles.pager}
      />
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
              <HeadRow columns={COLUMNS} />
              <TableBody aria-busy={companies.isPending}>{rows}</TableBody>
            </Table>
          </TableContainer>
          {pager}
        </>
      )}
    </>
  );
}
