import { zodResolver } from '@hookform/resolvers/zod';
import { companyInputSchema, emailSchema, type Company } from '@shop/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import styles from './companies.module.css';

/** The owner's address is asked only when an admin opens a company (`askOwner`). */
const companyFormSchema = companyInputSchema.extend({ ownerEmail: z.string().optional() });
type CompanyFormInput = z.input<typeof companyFormSchema>;
export type CompanyFormOutput = z.output<typeof companyFormSchema>;

const FIELDS = ['name', 'taxId', 'billingAddress', 'shippingAddress', 'ownerEmail'] as const;

const TEXT_FIELDS = [
  { field: 'name', label: 'Company name', autoComplete: 'organization' },
  { field: 'taxId', label: 'Tax id (VAT/EIN)', autoComplete: 'off' },
] as const;
const ADDRESS_FIELDS = [
  { field: 'billingAddress', label: 'Billing address', autoComplete: 'billing street-address' },
  { field: 'shippingAddress', label: 'Shipping address', autoComplete: 'shipping street-address' },
] as const;

/** A stored company as the form's strings: an empty field is "none". */
const valuesOf = (company: Company | undefined): CompanyFormInput => ({
  name: company?.name ?? '',
  taxId: company?.taxId ?? '',
  billingAddress: company?.billingAddress ?? '',
  shippingAddress: company?.shippingAddress ?? '',
});

interface CompanyFormProps {
  title: string;
  submitLabel: string;
  /** The company being edited; none when one is being created. */
  company?: Company;
  pending: boolean;
  /** Sends the checked details; rejects with the server's error, shown under its field. */
  onSave: (details: CompanyFormOutput) => Promise<unknown>;
  onCancel?: () => void;
  /** An admin opens the company for someone: ask for the owner's email (they are invited). */
  askOwner?: boolean;
}

/**
 * A company's details, checked with the schema POST /companies applies: its name, and the
 * optional tax id and addresses the invoices carry. A 400 names its field: the message goes
 * under it; any other refusal (409: already in a company) shows above the button.
 */
export function CompanyForm({
  title,
  submitLabel,
  company,
  pending,
  onSave,
  onCancel,
  askOwner = false,
}: CompanyFormProps) {
  const headingId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CompanyFormInput, unknown, CompanyFormOutput>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: valuesOf(company),
  });

  const onSubmit = handleSubmit(async (details) => {
    if (askOwner) {
      const owner = emailSchema.safeParse(details.ownerEmail ?? '');
      if (!owner.success) {
        setError('ownerEmail', { message: owner.error.issues[0]?.message });
        return;
      }
      details = { ...details, ownerEmail: owner.data };
    }
    try {
      await onSave(details);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, FIELDS);
      for (const { field, message } of fieldErrors) setError(field, { message });
      if (fieldErrors.length === 0) {
        setError('root', { message: error instanceof Error ? error.message : String(error) });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId}>
      <div className={styles.panel}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        <div className={styles.fields}>
          {TEXT_FIELDS.map(({ field, label, autoComplete }) => (
            <TextField
              key={field}
              {...register(field)}
              label={label}
              autoComplete={autoComplete}
              required={field === 'name'}
              fullWidth
              error={Boolean(errors[field])}
              helperText={errors[field]?.message}
            />
          ))}
          {askOwner && (
            <TextField
              {...register('ownerEmail')}
              label="Owner's email"
              type="email"
              autoComplete="off"
              required
              fullWidth
              error={Boolean(errors.ownerEmail)}
              helperText={
                errors.ownerEmail?.message ?? 'They are invited as owner and join when they accept.'
              }
            />
          )}
          {ADDRESS_FIELDS.map(({ field, label, autoComplete }) => (
            <TextField
              key={field}
              {...register(field)}
              label={label}
              autoComplete={autoComplete}
              multiline
              minRows={3}
              fullWidth
              error={Boolean(errors[field])}
              helperText={errors[field]?.message}
            />
          ))}
        </div>
        {errors.root?.message && <Alert severity="error">{errors.root.message}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="outlined" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
