import { EXEMPTION_STATUSES, todayIn, type ExemptionStatus, type TaxExemption } from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  EmptyRow,
  HeadRow,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { useExemptionsToReview, useReviewExemption } from '../api/exemptions';
import { ExemptionStatusChip } from './exemption-status';
import styles from './tax.module.css';

export const exemptionApproved = (number: string) => `Certificate ${number} approved.`;
export const exemptionRefused = (number: string) => `Certificate ${number} refused.`;

const FILTERS: Record<ExemptionStatus, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  refused: 'Refused',
};

/** Approve, or refuse with a reason the owner reads on My Company. */
function Decide({ exemption }: { exemption: TaxExemption }) {
  const review = useReviewExemption();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const describedBy = `exemption-${exemption._id}`;
  const decide = (body: Parameters<typeof review.mutate>[0]['review']) =>
    review.mutate(
      { id: exemption._id, review: body },
      {
        onSuccess: () =>
          notify.success(
            body.status === 'approved'
              ? exemptionApproved(exemption.certificateNumber)
              : exemptionRefused(exemption.certificateNumber),
          ),
        onError: (error) => notify.error(error.message),
      },
    );
  if (refusing) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      decide({ status: 'refused', reason });
    };
    return (
      <form className={styles.reason} onSubmit={submit} aria-label="Refuse the certificate">
        <TextField
          label="Reason"
          value={reason}
          required
          onChange={(event) => setReason(event.target.value)}
        />
        <div className={styles.actions}>
          <Button
            type="submit"
            size="small"
            variant="outlined"
            color="inherit"
            className={errorButton.outlined}
            disabled={reason.trim() === ''}
            loading={review.isPending}
          >
            Refuse
          </Button>
          <Button size="small" variant="text" onClick={() => setRefusing(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className={styles.actions}>
      <Button
        size="small"
        variant="contained"
        aria-describedby={describedBy}
        loading={review.isPending}
        onClick={() => decide({ status: 'approved' })}
      >
        Approve
      </Button>
      <Button
        size="small"
        variant="outlined"
        aria-describedby={describedBy}
        onClick={() => setRefusing(true)}
      >
        Refuse…
      </Button>
    </div>
  );
}

const COLUMNS = ['Company', 'State', 'Certificate', 'Valid until', 'Status', 'Decision'];

/** The admin's review of companies' exemption certificates, the oldest waiting first. */
export function ExemptionReview() {
  const headingId = useId();
  const [status, setStatus] = useState<ExemptionStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useExemptionsToReview(status, page);
  const on = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

  let body;
  if (list.isPending) body = <Skeleton variant="rounded" height={160} />;
  else if (list.error)
    body = (
      <LoadError
        title="We could not load the certificates."
        error={list.error}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  else
    body = (
      <>
        <TableContainer aria-busy={list.isPlaceholderData || undefined}>
          <Table aria-label="Certificates to review" cardsOnPhones>
            <HeadRow columns={COLUMNS} />
            <TableBody>
              {list.data.total === 0 && (
                <EmptyRow columns={COLUMNS.length}>No certificates here.</EmptyRow>
              )}
              {list.data.items.map((exemption) => (
                <TableRow key={exemption._id} data-testid="review-row">
                  <TableCell
                    role="rowheader"
                    label="Company"
                    id={`exemption-${exemption._id}`}
                    className={styles.rowName}
                  >
                    {exemption.companyName}
                  </TableCell>
                  <TableCell label="State">{exemption.region}</TableCell>
                  <TableCell label="Certificate">
                    <a href={exemption.file} target="_blank" rel="noreferrer">
                      {exemption.certificateNumber}
                    </a>
                  </TableCell>
                  <TableCell label="Valid until">{exemption.expiresOn}</TableCell>
                  <TableCell label="Status">
                    <ExemptionStatusChip
                      status={exemption.status}
                      expired={exemption.expiresOn < on}
                    />
                    {exemption.reason && <p className={styles.hint}>{exemption.reason}</p>}
                  </TableCell>
                  <TableCell label="Decision">
                    {exemption.status === 'pending' ? (
                      <Decide exemption={exemption} />
                    ) : (
                      <span className={styles.hint}>{exemption.reviewedBy}</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Pager
          page={list.data.page}
          limit={list.data.limit}
          total={list.data.total}
          shown={list.data.items.length}
          label="Pages of certificates"
          onPage={setPage}
        />
      </>
    );

  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.heading}>
        Exemption certificates
      </h2>
      <div className={styles.actions} role="group" aria-label="Show certificates">
        {EXEMPTION_STATUSES.map((choice) => (
          <Button
            key={choice}
            size="small"
            variant={choice === status ? 'contained' : 'outlined'}
            aria-pressed={choice === status}
            onClick={() => {
              setStatus(choice);
              setPage(1);
            }}
          >
            {FILTERS[choice]}
          </Button>
        ))}
      </div>
      {body}
    </section>
  );
}
