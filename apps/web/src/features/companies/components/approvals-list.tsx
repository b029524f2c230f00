import { REJECTION_REASON_MAX, type Purchase } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageTitle } from '../../../components/page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { LoadError } from '../../../components/ui/load-error';
import { PageLink } from '../../../components/ui/navigation';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '../../../components/ui/table';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber, formatPrice } from '../../../lib/format';
import { notify } from '../../../components/ui/toast';
import { useApprovals, useApprovePurchase, useRejectPurchase } from '../api/approvals';
import { purchasePath } from './purchase-status';
import styles from './companies.module.css';

export const approvedMessage = (number: string) => `Purchase ${number} approved.`;
export const rejectedMessage = (number: string) => `Purchase ${number} rejected.`;
export const CONFIRM_REJECT = 'Reject this purchase?';

const COLUMNS = ['Purchase', 'Buyer', 'Lines', 'Total', 'Placed', 'Actions'];

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
        {formatPrice(purchase.total)}
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
  const reject = useRejectPurchase();
  const [rejecting, setRejecting] = useState<Purchase | null>(null);
  const [reason, setReason] = useState('');

  const onApprove = (purchase: Purchase) =>
    approve.mutate(purchase._id, {
      onSuccess: () => notify.success(approvedMessage(purchase.number)),
      onError: (error) => notify.error(error.message),
    });

  const confirmReject = () => {
    if (!rejecting) return;
    const { number } = rejecting;
    reject.mutate(
      { id: rejecting._id, reason },
      {
        onSuccess: () => notify.success(rejectedMessage(number)),
        onError: (error) => notify.error(error.message),
        onSettled: () => {
          setRejecting(null);
          setReason('');
        },
      },
    );
  };

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
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
              </TableRow>
            </TableHead>
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
          owner other than the buyer.
        </p>
      </div>
      {body}
      <ConfirmDialog
        open={rejecting !== null}
        question={CONFIRM_REJECT}
        detail={rejecting && `${rejecting.number}, ${formatPrice(rejecting.total)}`}
        pending={reject.isPending}
        onConfirm={confirmReject}
        onCancel={() => setRejecting(null)}
      >
        <TextField
          label="Reason (optional, shown to the buyer)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={2}
          maxLength={REJECTION_REASON_MAX}
          fullWidth
        />
      </ConfirmDialog>
    </div>
  );
}
