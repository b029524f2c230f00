import { PRODUCT_LIMITS } from '@shop/shared';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { ProductFormOutput, ProductFormValues } from '../schemas';
import styles from './product-form.module.css';

export type ProductFormApi = UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;

/** A message about the whole list (productProblems' `priceTiers`), as the resolver or setError puts it. */
function listMessage(error: { message?: string; root?: { message?: string } } | undefined) {
  return error?.message ?? error?.root?.message;
}

/** The volume prices: rows of "from this many pieces, this price per piece". */
export function TierRows({ form }: { form: ProductFormApi }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'priceTiers' });
  const problem = listMessage(errors.priceTiers);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupTitle}>Volume prices</legend>
      <p className={styles.hint}>
        A lower price per piece from a quantity up. Each tier starts above the minimum order, needs
        more pieces and costs less than the one before.
      </p>
      {fields.map((field, index) => {
        const rowErrors = errors.priceTiers?.[index];
        const n = index + 1;
        return (
          <div key={field.id} className={styles.row} data-testid="tier-row">
            <TextField
              {...register(`priceTiers.${index}.minQuantity`)}
              label={`Tier ${n}: from quantity`}
              type="number"
              min={2}
              step={1}
              inputMode="numeric"
              fullWidth
              error={Boolean(rowErrors?.minQuantity)}
              helperText={rowErrors?.minQuantity?.message}
            />
            <TextField
              {...register(`priceTiers.${index}.price`)}
              label={`Tier ${n}: price per piece`}
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              fullWidth
              error={Boolean(rowErrors?.price)}
              helperText={rowErrors?.price?.message}
            />
            <Button onClick={() => remove(index)} aria-label={`Remove tier ${n}`}>
              Remove
            </Button>
          </div>
        );
      })}
      {problem && (
        <p role="alert" className={styles.groupError}>
          {problem}
        </p>
      )}
      <Button
        variant="outlined"
        size="small"
        onClick={() => append({ minQuantity: '', price: '' })}
        disabled={fields.length >= PRODUCT_LIMITS.tiers}
      >
        Add volume price
      </Button>
    </fieldset>
  );
}

/** The specifications: rows of a name and a value ("Cores", "32"). */
export function SpecRows({ form }: { form: ProductFormApi }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'specs' });
  const problem = listMessage(errors.specs);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupTitle}>Specifications</legend>
      <p className={styles.hint}>What a buyer compares: a name and its value, one per row.</p>
      {fields.map((field, index) => {
        const rowErrors = errors.specs?.[index];
        const n = index + 1;
        return (
          <div key={field.id} className={styles.row} data-testid="spec-row">
            <TextField
              {...register(`specs.${index}.label`)}
              label={`Specification ${n}: name`}
              fullWidth
              error={Boolean(rowErrors?.label)}
              helperText={rowErrors?.label?.message}
            />
            <TextField
              {...register(`specs.${index}.value`)}
              label={`Specification ${n}: value`}
              fullWidth
              error={Boolean(rowErrors?.value)}
              helperText={rowErrors?.value?.message}
            />
            <Button onClick={() => remove(index)} aria-label={`Remove specification ${n}`}>
              Remove
            </Button>
          </div>
        );
      })}
      {problem && (
        <p role="alert" className={styles.groupError}>
          {problem}
        </p>
      )}
      <Button
        variant="outlined"
        size="small"
        onClick={() => append({ label: '', value: '' })}
        disabled={fields.length >= PRODUCT_LIMITS.specs}
      >
        Add specification
      </Button>
    </fieldset>
  );
}
