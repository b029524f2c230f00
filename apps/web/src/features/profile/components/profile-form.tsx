import { zodResolver } from '@hookform/resolvers/zod';
import { messages, userInfoSchema, type UserInfo, type UserInfoInput } from '@shop/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { notify } from '../../../components/ui/toast';
import { useSaveUserInfo } from '../api/save-user-info';
import styles from './profile.module.css';

/** The form starts with every field a string: an empty business field means "none". */
const emptyInfo: UserInfoInput = {
  education: '',
  location: '',
  number: '',
  linkedin: '',
  company: '',
  taxId: '',
  billingAddress: '',
  shippingAddress: '',
};

/** SPEC section 5's four fields: all required. */
export const profileFields = [
  { field: 'education', label: 'Education', type: 'text', autoComplete: 'off' },
  { field: 'location', label: 'Location', type: 'text', autoComplete: 'address-level2' },
  { field: 'number', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { field: 'linkedin', label: 'LinkedIn', type: 'url', autoComplete: 'url' },
] as const;

/** What a checkout is prefilled from (DESIGN section 8): optional, an empty field is none. */
export const businessFields = [
  { field: 'company', label: 'Company name', autoComplete: 'organization' },
  { field: 'taxId', label: 'Tax id (VAT/EIN)', autoComplete: 'off' },
] as const;
export const addressFields = [
  { field: 'billingAddress', label: 'Billing address', autoComplete: 'billing street-address' },
  { field: 'shippingAddress', label: 'Shipping address', autoComplete: 'shipping street-address' },
] as const;

const fieldNames = [...profileFields, ...businessFields, ...addressFields].map(
  ({ field }) => field,
);

/** The stored answer (null for a business field not given) as the form's strings. */
const valuesOf = (stored: UserInfo | null): UserInfoInput =>
  stored
    ? {
        ...stored,
        company: stored.company ?? '',
        taxId: stored.taxId ?? '',
        billingAddress: stored.billingAddress ?? '',
        shippingAddress: stored.shippingAddress ?? '',
      }
    : emptyInfo;

/** SPEC section 4: the mode changes only the labels and the success message. */
export const modeLabel = (stored: UserInfo | null) =>
  stored ? 'Update Information' : 'Add Information';

/**
 * The profile form: SPEC's four fields, every one required (SPEC section 5), then the optional
 * business details. Stored values are the start.
 */
export function ProfileForm({ stored }: { stored: UserInfo | null }) {
  const headingId = useId();
  const businessId = useId();
  const label = modeLabel(stored);
  const saveInfo = useSaveUserInfo();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<UserInfoInput, unknown, UserInfo>({
    resolver: zodResolver(userInfoSchema),
    defaultValues: valuesOf(stored),
  });

  const onSubmit = handleSubmit((info) => {
    saveInfo.mutate(info, {
      onSuccess: (saved) => {
        notify.success(messages.informationSaved);
        reset(valuesOf(saved.info));
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, fieldNames);
        for (const { field, message } of fieldErrors) setError(field, { message });
        if (fieldErrors.length === 0) notify.error(error.message);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {label}
      </h2>
      <div className={styles.fields}>
        {profileFields.map(({ field, label: fieldLabel, type, autoComplete }) => (
          <TextField
            key={field}
            {...register(field)}
            label={fieldLabel}
            type={type}
            autoComplete={autoComplete}
            fullWidth
            error={Boolean(errors[field])}
            helperText={errors[field]?.message}
          />
        ))}
        <div className={styles.wide}>
          <h3 id={businessId} className={styles.subheading}>
            Business details
          </h3>
          <p className={styles.hint}>Optional: your checkouts start from them.</p>
        </div>
        {businessFields.map(({ field, label: fieldLabel, autoComplete }) => (
          <TextField
            key={field}
            {...register(field)}
            label={fieldLabel}
            autoComplete={autoComplete}
            fullWidth
            error={Boolean(errors[field])}
            helperText={errors[field]?.message}
          />
        ))}
        {addressFields.map(({ field, label: fieldLabel, autoComplete }) => (
          <TextField
            key={field}
            {...register(field)}
            label={fieldLabel}
            autoComplete={autoComplete}
            multiline
            minRows={3}
            fullWidth
            error={Boolean(errors[field])}
            helperText={errors[field]?.message}
          />
        ))}
      </div>
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={saveInfo.isPending}
        className={styles.submit}
      >
        {label}
      </Button>
    </form>
  );
}
