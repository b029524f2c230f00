import { COUNTRY_CODES, countryName, REGIONS_BY_COUNTRY, type PostalAddress } from '@shop/shared';
import { useId, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from './ui/form-field';
import styles from './address-fields.module.css';

/**
 * A structured address's fields (DESIGN section 9, issue 29) as a form holds them: all text, the
 * optional ones empty. The shared `postalAddressSchema` turns them into the address the API takes.
 */
export interface AddressDraft {
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

export const emptyAddress = (country = 'US'): AddressDraft => ({
  name: '',
  company: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country,
});

/** A saved address back into the form's fields. */
export const draftOfAddress = (address: PostalAddress): AddressDraft => ({
  ...address,
  company: address.company ?? '',
  line2: address.line2 ?? '',
  region: address.region ?? '',
});

/** Countries by their English name, for the select. */
const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);

const REGION_LABEL: Record<string, string> = { US: 'State', CA: 'Province', AU: 'State' };
const POSTAL_LABEL: Record<string, string> = { US: 'ZIP code', GB: 'Postcode', DE: 'PLZ' };

interface SelectProps {
  label: string;
  error?: string;
  children: ReactNode;
  registered: ReturnType<UseFormReturn['register']>;
  autoComplete: string;
}

function Select({ label, error, children, registered, autoComplete }: SelectProps) {
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <div className={styles.selectField}>
      <label htmlFor={id} className={styles.selectLabel}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? problemId : undefined}
        {...registered}
      >
        {children}
      </select>
      {error && (
        <p id={problemId} className={styles.problem}>
          {error}
        </p>
      )}
    </div>
  );
}

interface AddressFieldsProps<T extends FieldValues> {
  /** The form that holds the address's fields under `name`. */
  form: UseFormReturn<T, unknown, FieldValues>;
  /** Where in the form's values the address is: `address`, `shipTo`. */
  name: Path<T>;
  /** The group's name, read by screen readers and shown above the fields. */
  legend: string;
}

/**
 * The fields of a structured address: recipient, company, two street lines, city, region,
 * postal code and country. The country is a select of every ISO 3166-1 code by name; where the
 * post needs a region (the US, Canada, Australia) it is a select of that country's codes, else a
 * free field. The form's resolver checks them with the server's rules, postal codes by country.
 */
export function AddressFields<T extends FieldValues>({
  form,
  name,
  legend,
}: AddressFieldsProps<T>) {
  const path = (field: keyof AddressDraft) => `${name}.${field}` as Path<T>;
  const country = String(form.watch(path('country')) ?? '');
  const regions = REGIONS_BY_COUNTRY[country];
  const errorOf = (field: keyof AddressDraft) =>
    form.getFieldState(path(field), form.formState).error?.message;
  const text = (field: keyof AddressDraft, label: string, autoComplete: string, wide = false) => (
    <FormField
      form={form}
      name={path(field)}
      label={label}
      autoComplete={autoComplete}
      fullWidth
      className={wide ? styles.wide : undefined}
    />
  );
  return (
    <fieldset className={styles.fields}>
      <legend className={styles.legend}>{legend}</legend>
      {text('name', 'Recipient name', 'name')}
      {text('company', 'Company (optional)', 'organization')}
      {text('line1', 'Street address', 'address-line1', true)}
      {text('line2', 'Address line 2 (optional)', 'address-line2', true)}
      {text('city', 'City', 'address-level2')}
      {regions ? (
        <Select
          label={REGION_LABEL[country] ?? 'Region'}
          error={errorOf('region')}
          registered={form.register(path('region'))}
          autoComplete="address-level1"
        >
          <option value="">Choose…</option>
          {Object.entries(regions).map(([code, regionName]) => (
            <option key={code} value={code}>
              {regionName} ({code})
            </option>
          ))}
        </Select>
      ) : (
        text('region', 'Region (optional)', 'address-level1')
      )}
      {text('postalCode', POSTAL_LABEL[country] ?? 'Postal code', 'postal-code')}
      <Select
        label="Country"
        error={errorOf('country')}
        // Another country's regions are not this one's: the region starts again.
        registered={form.register(path('country'), {
          onChange: () => form.setValue(path('region'), '' as never),
        })}
        autoComplete="country"
      >
        {COUNTRIES.map(({ code, name: countryLabel }) => (
          <option key={code} value={code}>
            {countryLabel}
          </option>
        ))}
      </Select>
    </fieldset>
  );
}
