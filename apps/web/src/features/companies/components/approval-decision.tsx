import { REJECTION_REASON_MAX, type Purchase } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { formatPrice } from '../../../lib/format';
import { useApprovePurchase, useRejectPurchase } from '../api/approvals';
import styles from './companies.module.css';

export const approvedMessage = (number: string) => `Purchase ${number} approved.`;
export const rejectedMessage = (number: string) => `Purchase ${number} rejected.`;
export const CONFIRM_REJECT = 'Reject this purchase?';
export const REASON_LABEL = 'Reason (optional, shown to the buyer)';

/** "$1,150 of $1,000" or "$1,150, no limit": the buyer's month so far against their limit. */
export function monthLabel(spending: NonNullable<Purchase['buyerSpending']>): string {
  const spent = formatPrice(spending.spentThisMonth);
  return spending.spendingLimit == null
    ? `${spent}, no limit`
    : `${spent} of ${formatPrice(spending.spendingLimit)}`;
}

/**
 * What an approver decides by (issue 28): the buyer, their monthly limit, what they have spent
 * this month and the PO number. The lines are listed beside it by the page or the row.
 */
export function ApprovalContext({ purchase }: { purchase: Purchase }) {
  const spending = purchase.buyerSpending;
  return (
    <dl className={styles.facts} data-testid="approval-context">
      <dt>Buyer</dt>
      <dd>
        {purchase.name} <span className={styles.secondary}>{purchase.email}</span>
      </dd>
      {spending && (
        <>
          <dt>Monthly limit</dt>
          <dd>
            {spending.spendingLimit == null ? 'No limit' : formatPrice(spending.spendingLimit)}
          </dd>
          <dt>Spent this month</dt>
          <dd>{formatPrice(spending.spentThisMonth)}</dd>
        </>
      )}
      <dt>This purchase</dt>
      <dd>{formatPrice(purchase.total)}</dd>
      <dt>PO number</dt>
      <dd>{purchase.poNumber ?? 'None'}</dd>
    </dl>
  );
}

interface RejectDialogProps {
  purchase: Purchase | null;
  onClose: () => void;
}

/**
 * Reject, after a question, with an optional reason of at most REJECTION_REASON_MAX characters
 * that the buyer reads on the purchase, in My Orders and in the email.
 */
export function RejectDialog({ purchase, onClose }: RejectDialogProps) {
  const reject = useRejectPurchase();
  const [reason, setReason] = useState('');
  const confirm = () => {
    if (!purchase) return;
    const { number } = purchase;
    // A promise, not mutate's callbacks: the purchase page drops this dialog as soon as the
    // refreshed purchase says it is decided, and mutate's callbacks die with the component.
    reject
      .mutateAsync({ id: purchase._id, reason })
      .then(
        () => notify.success(rejectedMessage(number)),
        (error: Error) => notify.error(error.message),
      )
      .finally(() => {
        setReason('');
        onClose();
      });
  };
  return (
    <ConfirmDialog
      open={purchase !== null}
      question={CONFIRM_REJECT}
      detail={purchase && `${purchase.number}, ${formatPrice(purchase.total)}`}
      pending={reject.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <TextField
        label={REASON_LABEL}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={2}
        maxLength={REJECTION_REASON_MAX}
        helperText={`${reason.length} of ${REJECTION_REASON_MAX} characters`}
        fullWidth
      />
    </ConfirmDialog>
  );
}

/**
 * The purchase page's decision for an owner or approver (issue 28): the context, Approve, and
 * Reject with a reason, as on Approvals.
 */
export function ApprovalDecision({ purchase }: { purchase: Purchase }) {
  const approve = useApprovePurchase();
  const [rejecting, setRejecting] = useState(false);
  return (
    <section aria-label="Your decision" className={styles.panel} data-testid="approval-decision">
      <ApprovalContext purchase={purchase} />
      <div className={styles.actions}>
        <Button
          variant="contained"
          loading={approve.isPending}
          onClick={() =>
            // As for rejecting: the decision leaves the page once the purchase is read again.
            void approve.mutateAsync(purchase._id).then(
              () => notify.success(approvedMessage(purchase.number)),
              (error: Error) => notify.error(error.message),
            )
          }
        >
          Approve
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          className={errorButton.outlined}
          onClick={() => setRejecting(true)}
        >
          Reject
        </Button>
      </div>
      <RejectDialog purchase={rejecting ? purchase : null} onClose={() => setRejecting(false)} />
    </section>
  );
}
