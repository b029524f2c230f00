import type { CreditNote, CreditNoteRefundStatus, Purchase } from '@shop/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
import { notify } from '../../../components/ui/toast';
import { formatDateTime, formatPieces, formatPrice } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { downloadCreditNote, useCreditNotes, useRetryRefund } from '../api/credit-notes';
import { CreditNoteDialog } from './credit-notes-dialog';
import styles from './credit-notes.module.css';

const REFUND_LABEL: Record<CreditNoteRefundStatus, string> = {
  pending: 'Refund in progress',
  refunded: 'Refunded to the card',
  failed: 'Refund failed',
  none: 'Nothing to refund',
};
const REFUND_COLOR: Record<CreditNoteRefundStatus, 'default' | 'success' | 'info' | 'warning'> = {
  pending: 'info',
  refunded: 'success',
  failed: 'warning',
  none: 'default',
};

/**
 * A purchase's credit notes (docs/decisions/039), on the purchase page of its buyer, of their
 * company's owner or approver and of an admin: each with its total, refund and PDF. An admin
 * issues a new one here and retries a refund that failed. Nothing shows before the invoice.
 */
export function CreditNotes({ purchase }: { purchase: Purchase }) {
  const invoiced = purchase.invoiceNumber !== null;
  const notes = useCreditNotes(purchase._id, invoiced);
  const { isAdmin } = useSession();
  const [issuing, setIssuing] = useState(false);
  if (!invoiced) return null;
  const items = notes.data?.items ?? [];
  if (!isAdmin && items.length === 0 && !notes.error) return null;

  return (
    <section className={styles.section} aria-labelledby="credit-notes-heading">
      <h2 id="credit-notes-heading" className={styles.heading}>
        Credit notes
      </h2>
      {notes.error ? (
        // Not an alert: the purchase itself loaded, only this list did not.
        <p>
          We could not load the credit notes.{' '}
          <Button
            variant="text"
            size="small"
            loading={notes.isFetching}
            onClick={() => void notes.refetch()}
          >
            Try again
          </Button>
        </p>
      ) : items.length > 0 ? (
        <ul className={styles.list}>
          {items.map((note) => (
            <CreditNoteItem key={note._id} note={note} admin={isAdmin} />
          ))}
        </ul>
      ) : notes.isPending ? (
        <p role="status">Loading the credit notes…</p>
      ) : (
        <p>No credit notes.</p>
      )}
      {isAdmin && (
        <div>
          <Button variant="outlined" onClick={() => setIssuing(true)} disabled={notes.isPending}>
            Issue a credit note
          </Button>
          <CreditNoteDialog
            open={issuing}
            purchase={purchase}
            notes={items}
            onClose={() => setIssuing(false)}
            onIssued={(note) => {
              setIssuing(false);
              if (note.refundStatus === 'failed') {
                notify.error(
                  `Credit note ${note.number} issued, but the card refund failed: retry it below.`,
                );
              } else notify.success(`Credit note ${note.number} issued.`);
            }}
          />
        </div>
      )}
    </section>
  );
}

function CreditNoteItem({ note, admin }: { note: CreditNote; admin: boolean }) {
  const [downloading, setDownloading] = useState(false);
  const retry = useRetryRefund();
  const pdf = async () => {
    setDownloading(true);
    try {
      await downloadCreditNote(note);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };
  const pieces = note.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <li className={styles.item} data-testid="credit-note">
      <div className={styles.what}>
        <strong>{note.number}</strong> · {formatPrice(note.total)} ·{' '}
        {note.lines.map((line) => line.productName).join(', ')} ({formatPieces(pieces)}) ·{' '}
        {formatDateTime(note.createdAt)}
        <div className={styles.reason}>{note.reason}</div>
      </div>
      <Chip
        label={REFUND_LABEL[note.refundStatus]}
        color={REFUND_COLOR[note.refundStatus]}
        size="small"
      />
      {admin && note.refundStatus === 'failed' && (
        <Button
          variant="outlined"
          size="small"
          loading={retry.isPending}
          onClick={() =>
            retry.mutate(note._id, {
              onSuccess: (answer) =>
                answer.refundStatus === 'refunded'
                  ? notify.success(`${answer.number} refunded.`)
                  : notify.error(`The refund of ${answer.number} failed again.`),
              onError: (error) => notify.error(error.message),
            })
          }
        >
          Retry refund
        </Button>
      )}
      <Button variant="text" size="small" loading={downloading} onClick={() => void pdf()}>
        PDF {note.number}
      </Button>
    </li>
  );
}
