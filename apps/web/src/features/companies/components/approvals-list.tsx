import type { Purchase } from '@shop/shared';
import { useState } from 'react';
import { chargeFacts } from '../../../components/charge-summary';
import { PageTitle } from '../../../components/page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { LoadError } from '../../../components/ui/load-error';
import { PageLink } from '../../../components/ui/navigation';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  HeadRow,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../../components/ui/table';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber, formatPrice } from '../../../lib/format';
import { notify } from '../../../components/ui/toast';
import { useApprovals, useApprovePurchase } from '../api/approvals';
import { approvedMessage, monthLabel, RejectDialog } from './approval-decision';
import { purchasePath } from './purchase-status';
import styles from './companies.module.css';

export { approvedMessage, CONFIRM_REJECT, rejectedMessage } from './approval-decision';

const COLUMNS = ['Purchase', 'Buyer', 'This month', 'PO', 'Lines', 'Total', 'Placed', 'Actions'];

interface ApprovalRowProps {
  purchase: Purchase;
  approving: boolean;
  onApprove: () => void;
  onReject: () => void;
}

function ApprovalRow({ purchase, approving, onApprove, onReject }: ApprovalRowProps) {
  const nameId = `approval-${purchase._id}`;
  return (
    <TableRow data-testid="approval-row">
      <TableCell role="rowheader" label="Purchase" id={nameId} className={styles.rowName}>
        <PageLink href={purchasePath(purchase._id)}>{purchase.number}</PageLink>
      </TableCell>
      <TableCell label="Buyer">
        {purchase.name} <span className={styles.secondary}>{purchase.email}</span>
      </TableCell>
      <TableCell label="This month" data-testid="buyer-month">
        {purchase.buyerSpending ? monthLabel(purchase.buyerSpending) : '—'}
      </TableCell>
      <TableCell label="PO">{purchase.poNumber ?? '—'}</TableCell>
      <TableCell label="Lines">
        <ul className={styles.lines}>
          {purchase.awaitingLines.map((line) => (
            <li key={line.productId}>
              {formatNumber(line.quantity)} × {line.productName} at {formatPrice(line.unitPrice)}
            </li>
          ))}
        </ul>
      </TableCell>
      <TableCell label="Total" align="right">
        <span data-testid="approval-total">{formatPrice(purchase.total)}</span>
        {/* What the total holds (issue 29): the approver approves shipping and tax too. */}
        <ul className={styles.charges} aria-label="Charges">
          {chargeFacts(purchase)
            .filter(({ term }) => term !== 'Total')
            .map(({ term, value }) => (
              <li key={term} className={styles.secondary}>
                {term} {value}
              </li>
            ))}
        </ul>
      </TableCell>
      <TableCell label="Placed">{formatDateTime(purchase.createdAt)}</TableCell>
      <TableCell label="Actions">
        <div className={styles.actions}>
          <Button
            size="small"
            variant="contained"
            loading={approving}
            onClick={onApprove}
            aria-describedby={nameId}
          >
            Approve
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            className={errorButton.outlined}
            onClick={onReject}
            aria-describedby={nameId}
          >
            Reject
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

/**
 * Approvals (issue 15): the company's purchases above a buyer's monthly limit, oldest first, a
 * page at a time, for its owners and approvers. Approving takes the stock (a 409 says it is
 * gone); rejecting, after a question and with an optional reason, keeps the purchase as rejected
 * and tells its buyer why.
 */
export function ApprovalsList() {
  const [page, setPage] = useState(1);
  const approvals = useApprovals(page);
  const approve = useApprovePurchase();
  const [rejecting, setRejecting] = useState<Purchase | null>(null);

  const onApprove = (purchase: Purchase) =>
    approve.mutate(purchase._id, {
      onSuccess: () => notify.success(approvedMessage(purchase.number)),
      onError: (error) => notify.error(error.message),
    });

  // Deciding on the last purchase of the last page empties it: show the page before instead.
  const lastPage = approvals.data
    ? Math.max(1, Math.ceil(approvals.data.total / approvals.data.limit))
    : page;
  if (!approvals.isPlaceholderData && page > lastPage) setPage(lastPage);

  let body;
  if (approvals.isPending) {
    body = <Skeleton variant="rounded" height={120} />;
  } else if (approvals.error instanceof ApiError && approvals.error.status === 403) {
    body = <Alert severity="info">{approvals.error.message}</Alert>;
  } else if (approvals.error) {
    body = (
      <LoadError
        title="We could not load the purchases waiting for approval."
        error={approvals.error}
        retrying={approvals.isFetching}
        onRetry={() => void approvals.refetch()}
      />
    );
  } else if (approvals.data.total === 0) {
    body = (
      <Alert severity="success" role="status">
        No purchase is waiting for approval.
      </Alert>
    );
  } else {
    const { items, total, limit } = approvals.data;
    body = (
      <>
        <TableContainer aria-busy={approvals.isPlaceholderData || undefined}>
          <Table aria-label="Purchases waiting for approval" cardsOnPhones>
            <HeadRow columns={COLUMNS} />
            <TableBody>
              {items.map((purchase) => (
                <ApprovalRow
                  key={purchase._id}
                  purchase={purchase}
                  approving={approve.isPending && approve.variables === purchase._id}
                  onApprove={() => onApprove(purchase)}
                  onReject={() => setRejecting(purchase)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Pager
          page={approvals.data.page}
          limit={limit}
          total={total}
          shown={items.length}
          label="Pages of purchases waiting"
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <div>
        <PageTitle title="Approvals" />
        <h1 className={styles.title}>Approvals</h1>
        <p className={styles.intro}>
          Purchases that would take a buyer above their monthly limit wait here for an approver or
          owner other than the buyer, with the buyer&apos;s spend this month against their limit.
        </p>
      </div>
      {body}
      <RejectDialog purchase={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
