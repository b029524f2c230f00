import { zodResolver } from '@hookform/resolvers/zod';
import { locationInputSchema, type Location } from '@shop/shared';
import { useId } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { AddressFields, draftOfAddress, emptyAddress } from '../../../components/address-fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { notify } from '../../../components/ui/toast';
import { useSaveLocation } from '../api/locations';
import formPanel from '../../../components/ui/form-panel.module.css';
import styles from './companies.module.css';

/** The owner's part of a location: its name and address (the tax exemption is the admin's). */
const locationFormSchema = locationInputSchema.pick({ name: true, address: true });
/** The admin's: the tax exemption too. */
const adminLocationFormSchema = locationInputSchema;
type LocationDraft = z.input<typeof adminLocationFormSchema>;
type LocationOutput = z.output<typeof adminLocationFormSchema>;

const ADDRESS_FIELDS = [
  'name',
  'company',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'country',
] as const;
const SERVER_FIELDS = [...ADDRESS_FIELDS.map((field) => `address.${field}` as const), 'name'];

export const LOCATION_ADDED = 'Location added.';
export const LOCATION_SAVED = 'Location saved.';

interface LocationFormProps {
  companyId: string;
  /** The location to change; none to add one. */
  location?: Location;
  /** The shop's admin: the form offers the tax exemption (the server refuses it to anyone else). */
  canExempt?: boolean;
  onDone: () => void;
}

/**
 * Adds or changes a ship-to location (POST or PUT /companies/{id}/locations): a name and a
 * structured address, checked with the server's rules as it is typed.
 */
export function LocationForm({
  companyId,
  location,
  canExempt = false,
  onDone,
}: LocationFormProps) {
  const headingId = useId();
  const exemptId = useId();
  const save = useSaveLocation();
  const form = useForm<LocationDraft, unknown, LocationOutput>({
    resolver: zodResolver(canExempt ? adminLocationFormSchema : locationFormSchema),
    defaultValues: {
      name: location?.name ?? '',
      address: location ? draftOfAddress(location.address) : emptyAddress(),
      ...(canExempt ? { taxExempt: location?.taxExempt ?? false } : {}),
    },
  });
  const fieldForm = form as unknown as UseFormReturn<LocationDraft, unknown, FieldValues>;

  const submit = (values: LocationOutput) =>
    save.mutate(
      { companyId, locationId: location?._id, location: values },
      {
        onSuccess: () => {
          notify.success(location ? LOCATION_SAVED : LOCATION_ADDED);
          onDone();
        },
        onError: (error) => {
          for (const { field, message } of serverFieldErrors(error, SERVER_FIELDS)) {
            form.setError(field as 'name', { message });
          }
        },
      },
    );

  const fieldErrors = serverFieldErrors(save.error, SERVER_FIELDS).length;
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className={styles.panel}
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <h3 id={headingId} className={styles.subheading}>
        {location ? `Change ${location.name}` : 'Add a location'}
      </h3>
      <FormField
        form={fieldForm}
        name="name"
        label="Location name"
        hint='For example "Main warehouse" or "Austin plant".'
        fullWidth
      />
      <AddressFields form={fieldForm} name="address" legend="Address" />
      {canExempt && (
        <label htmlFor={exemptId} className={formPanel.checkbox}>
          <input id={exemptId} type="checkbox" {...form.register('taxExempt')} />
          Tax exempt: deliveries to this location are not taxed
        </label>
      )}
      {save.error && fieldErrors === 0 && <Alert severity="error">{save.error.message}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {location ? 'Save location' : 'Add location'}
        </Button>
        <Button type="button" variant="outlined" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
