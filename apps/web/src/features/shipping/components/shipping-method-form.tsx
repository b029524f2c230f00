import { zodResolver } from '@hookform/resolvers/zod';
import { SHIPPING_LIMITS } from '@shop/shared';
import { useId } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import {
  shippingMethodFormSchema,
  type ShippingMethodFormOutput,
  type ShippingMethodFormValues,
} from '../schemas';
import styles from './shipping.module.css';

interface ShippingMethodFormProps {
  title: string;
  submitLabel: string;
  defaultValues: ShippingMethodFormValues;
  pending: boolean;
  /** Saves the method; a rejection's message shows above the buttons. */
  onSave: (method: ShippingMethodFormOutput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * One shipping method: name, carrier, the countries it serves, a flat price or weight bands,
 * free above an amount, days in transit. Checked with the server's schema (shared), each
 * message under its field.
 */
export function ShippingMethodForm({
  title,
  submitLabel,
  defaultValues,
  pending,
  onSave,
  onCancel,
}: ShippingMethodFormProps) {
  const headingId = useId();
  const form = useForm<ShippingMethodFormValues, unknown, ShippingMethodFormOutput>({
    resolver: zodResolver(shippingMethodFormSchema),
    defaultValues,
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const bands = useFieldArray({ control, name: 'weightBands' });
  const pricing = useWatch({ control, name: 'pricing' });

  const onSubmit = handleSubmit(async (method) => {
    try {
      await onSave(method);
    } catch (error) {
      setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  });
  const pricingProblem =
    errors.flatPrice?.message ?? errors.weightBands?.message ?? errors.weightBands?.root?.message;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId}>
      <div className={styles.panel}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        <div className={styles.fields}>
          <FormField form={form} name="name" label="Name" required fullWidth />
          <FormField form={form} name="carrier" label="Carrier" required fullWidth />
          <FormField
            form={form}
            name="countries"
            label="Countries (ISO codes)"
            hint="Two-letter codes separated by commas: US, CA"
            required
            fullWidth
            className={styles.wide}
          />
          <FormField
            form={form}
            name="daysMin"
            label="Fewest days in transit"
            hint="Business days"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            required
            fullWidth
          />
          <FormField
            form={form}
            name="daysMax"
            label="Most days in transit"
            hint="Business days"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            required
            fullWidth
          />
          <FormField
            form={form}
            name="freeAbove"
            label="Free above (dollars)"
            hint="Orders of this subtotal or more ship free; empty: never"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            fullWidth
          />
          <FormField
            form={form}
            name="sortOrder"
            label="Position"
            hint="Lower numbers come first in the list"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            fullWidth
          />
        </div>
        <fieldset className={styles.group}>
          <legend className={styles.groupTitle}>Price</legend>
          <div className={styles.choices}>
            <label className={styles.choice}>
              <input type="radio" value="flat" {...register('pricing')} className={styles.radio} />
              Flat price
            </label>
            <label className={styles.choice}>
              <input type="radio" value="bands" {...register('pricing')} className={styles.radio} />
              By weight
            </label>
          </div>
          {pricing === 'flat' ? (
            <FormField
              form={form}
              name="flatPrice"
              label="Flat price (dollars)"
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              fullWidth
            />
          ) : (
            <>
              <p className={styles.hint}>
                Each band covers parcels up to its weight, the first that fits is charged; heavier
                than the last band, the method does not take the parcel.
              </p>
              {bands.fields.map((field, index) => {
                const n = index + 1;
                return (
                  <div key={field.id} className={styles.bandRow} data-testid="band-row">
                    <FormField
                      form={form}
                      name={`weightBands.${index}.upToKg`}
                      label={`Band ${n}: up to kg`}
                      type="number"
                      min={0}
                      step={0.001}
                      inputMode="decimal"
                      fullWidth
                    />
                    <FormField
                      form={form}
                      name={`weightBands.${index}.price`}
                      label={`Band ${n}: price (dollars)`}
                      type="number"
                      min={0}
                      step={0.01}
                      inputMode="decimal"
                      fullWidth
                    />
                    <Button onClick={() => bands.remove(index)} aria-label={`Remove band ${n}`}>
                      Remove
                    </Button>
                  </div>
                );
              })}
              <div>
                <Button
                  variant="outlined"
                  size="small"
                  onClick={() => bands.append({ upToKg: '', price: '' })}
                  disabled={bands.fields.length >= SHIPPING_LIMITS.bands}
                >
                  Add weight band
                </Button>
              </div>
            </>
          )}
          {pricingProblem && (
            <p role="alert" className={styles.groupError}>
              {pricingProblem}
            </p>
          )}
        </fieldset>
        <label className={styles.choice}>
          <input type="checkbox" {...register('active')} className={styles.radio} />
          Offered to buyers
        </label>
        {errors.root?.message && <Alert severity="error">{errors.root.message}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
          <Button variant="outlined" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}
