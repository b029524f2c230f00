import { zodResolver } from '@hookform/resolvers/zod';
import { taxExemptionInputSchema, todayIn, type TaxExemption } from '@shop/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
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
import { notify } from '../../../components/ui/toast';
import { certificateFileProblem, useCompanyExemptions, useSendExemption } from '../api/exemptions';
import { ExemptionStatusChip } from './exemption-status';
import styles from './tax.module.css';

export const EXEMPTION_SENT = 'Certificate sent: an admin reviews it before it exempts.';

const formSchema = taxExemptionInputSchema.omit({ file: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const today = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The owner sends a certificate: state, number, expiry and the file. */
function SendExemption({ companyId }: { companyId: string }) {
  const headingId = useId();
  const fileId = useId();
  const send = useSendExemption();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { region: '', certificateNumber: '', expiresOn: '' },
  });

  const onSubmit = form.handleSubmit(async (details) => {
    if (!file) {
      setFileProblem('Please choose the certificate file.');
      return;
    }
    try {
      await send.mutateAsync({ companyId, file, details });
      notify.success(EXEMPTION_SENT);
      form.reset();
      setFile(null);
    } catch (error) {
      form.setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId}>
      <div className={styles.panel}>
        <h3 id={headingId} className={styles.heading}>
          Send a certificate
        </h3>
        <div className={styles.fields}>
          <FormField form={form} name="region" label="State (e.g. CA)" required fullWidth />
          <FormField
            form={form}
            name="certificateNumber"
            label="Certificate number"
            required
            fullWidth
          />
          <FormField
            form={form}
            name="expiresOn"
            label="Valid until"
            type="date"
            min={today()}
            required
            fullWidth
          />
          <div className={styles.reason}>
            <label htmlFor={fileId}>Certificate (PDF, PNG or JPEG, at most 2 MB)</label>
            <input
              id={fileId}
              className={styles.file}
              type="file"
              accept=".pdf,application/pdf,image/png,image/jpeg"
              aria-invalid={fileProblem ? true : undefined}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                const problem = chosen ? certificateFileProblem(chosen) : null;
                setFileProblem(problem);
                setFile(problem ? null : chosen);
              }}
            />
          </div>
        </div>
        {fileProblem && <Alert severity="error">{fileProblem}</Alert>}
        {form.formState.errors.root && (
          <Alert severity="error">{form.formState.errors.root.message}</Alert>
        )}
        <div className={styles.actions}>
          <Button type="submit" variant="contained" loading={send.isPending}>
            Send certificate
          </Button>
        </div>
      </div>
    </form>
  );
}

const COLUMNS = ['State', 'Certificate', 'Valid until', 'Status'];

function ExemptionRows({ items, on }: { items: TaxExemption[]; on: string }) {
  return (
    <>
      {items.map((exemption) => (
        <TableRow key={exemption._id} data-testid="exemption-row">
          <TableCell role="rowheader" label="State" className={styles.rowName}>
            {exemption.region}
          </TableCell>
          <TableCell label="Certificate">
            <a href={exemption.file} target="_blank" rel="noreferrer">
              {exemption.certificateNumber}
            </a>
          </TableCell>
          <TableCell label="Valid until">{exemption.expiresOn}</TableCell>
          <TableCell label="Status">
            <ExemptionStatusChip status={exemption.status} expired={exemption.expiresOn < on} />
            {exemption.reason && <p className={styles.hint}>{exemption.reason}</p>}
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}

/**
 * A company's sales tax exemption certificates on My Company: the list with each review, and for
 * the owner the form that sends a new one.
 */
export function CompanyExemptions({ companyId, isOwner }: { companyId: string; isOwner: boolean }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const exemptions = useCompanyExemptions(companyId, page);
  let list;
  if (exemptions.isPending) list = <Skeleton variant="rounded" height={120} />;
  else if (exemptions.error)
    list = (
      <LoadError
        title="We could not load the certificates."
        error={exemptions.error}
        retrying={exemptions.isFetching}
        onRetry={() => void exemptions.refetch()}
      />
    );
  else
    list = (
      <>
        <TableContainer>
          <Table aria-label="Tax exemption certificates" cardsOnPhones>
            <HeadRow columns={COLUMNS} />
            <TableBody>
              {exemptions.data.total === 0 && (
                <EmptyRow columns={COLUMNS.length}>No certificates yet.</EmptyRow>
              )}
              <ExemptionRows items={exemptions.data.items} on={today()} />
            </TableBody>
          </Table>
        </TableContainer>
        <Pager
          page={exemptions.data.page}
          limit={exemptions.data.limit}
          total={exemptions.data.total}
          shown={exemptions.data.items.length}
          label="Certificates"
          onPage={setPage}
        />
      </>
    );
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.heading}>
        Sales tax exemptions
      </h2>
      <p className={styles.hint}>
        A resale or exemption certificate for a US state exempts the company’s purchases shipped
        there once an admin approves it, until the date it is valid to.
      </p>
      {list}
      {isOwner && <SendExemption companyId={companyId} />}
    </section>
  );
}
