import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Chip } from '../../../components/ui/chip';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { PageLink } from '../../../components/ui/navigation';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  HeadRow,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../../components/ui/table';
import { formatDateTime, formatPrice } from '../../../lib/format';
import { useCompanyPurchases } from '../api/get-company-purchases';
import { PURCHASE_STATUS_LABEL, purchasePath } from './purchase-status';
import styles from './companies.module.css';

const COLUMNS = ['Purchase', 'Buyer', 'Placed', 'Total', 'Status'];

/**
 * The company's purchases, newest first, a page at a time (owners and approvers see everyone's,
 * a buyer their own); each links to its purchase page.
 */
export function CompanyPurchases({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const purchases = useCompanyPurchases(companyId, page);

  if (purchases.isPending) return <Skeleton variant="rounded" height={120} />;
  if (purchases.error && !purchases.data) {
    return (
      <LoadError
        title="We could not load the company's purchases."
        error={purchases.error}
        retrying={purchases.isFetching}
        onRetry={() => void purchases.refetch()}
      />
    );
  }
  const { items, total, limit } = purchases.data;
  if (items.length === 0) {
    return (
      <Alert severity="info" role="status">
        The company has no purchases yet.
      </Alert>
    );
  }
  return (
    <>
      <TableContainer aria-busy={purchases.isPlaceholderData || undefined}>
        <Table aria-label="Company purchases" cardsOnPhones>
          <HeadRow columns={COLUMNS} />
          <TableBody>
            {items.map((purchase) => (
              <TableRow key={purchase._id} data-testid="company-purchase">
                <TableCell role="rowheader" label="Purchase" className={styles.rowName}>
                  <PageLink href={purchasePath(purchase._id)}>{purchase.number}</PageLink>
                </TableCell>
                <TableCell label="Buyer">
                  {purchase.name} <span className={styles.secondary}>{purchase.email}</span>
                </TableCell>
                <TableCell label="Placed">{formatDateTime(purchase.createdAt)}</TableCell>
                <TableCell label="Total" align="right">
                  {formatPrice(purchase.total)}
                </TableCell>
                <TableCell label="Status">
                  <Chip
                    size="small"
                    label={PURCHASE_STATUS_LABEL[purchase.status]}
                    color={purchase.status === 'awaiting_approval' ? 'warning' : 'default'}
                    variant="outlined"
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pager
        page={purchases.data.page}
        limit={limit}
        total={total}
        shown={items.length}
        label="Pages of purchases"
        onPage={setPage}
      />
    </>
  );
}
