import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, PRODUCT_LIMITS, productMessages } from '@shop/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber } from '../../../lib/format';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import {
  productFormFields,
  productFormSchema,
  STOCK_BELOW_MINIMUM,
  stockBelowMinimum,
  type ProductFormOutput,
  type ProductFormValues,
} from '../schemas';
import { ImagePreview } from './image-preview';
import { ImageUpload } from './image-upload';
import { SpecRows, TierRows } from './product-form-rows';
import styles from './product-form.module.css';

const numberFields = [
  {
    field: 'price',
    label: 'Price',
    helper: 'Dollars per piece, cents allowed (89.50)',
    min: 0,
    step: 0.01,
  },
  { field: 'minimum', label: 'Minimum', helper: 'Minimum order, in pieces', min: 1 },
  { field: 'available', label: 'Available', helper: 'Pieces in stock', min: 0 },
  { field: 'increment', label: 'Pack size', helper: 'Orders are whole packs', min: 1 },
  { field: 'maximum', label: 'Maximum per order', helper: 'Empty: no limit', min: 1 },
  {
    field: 'lowStockThreshold',
    label: 'Low-stock threshold',
    helper: 'Warn at or below this stock; 0: never',
    min: 0,
  },
  {
    field: 'weightKg',
    label: 'Weight (kg)',
    helper: 'Shipping weight of one piece, in kilograms (1.25)',
    min: 0,
    step: 0.001,
  },
] as const;

interface ProductFormProps {
  /** The form's name, for assistive tech ("Add A Product", "Edit Part 1"). */
  label: string;
  defaultValues: ProductFormValues;
  submitLabel: string;
  /** Sends the product; a rejection is shown under its field, or above the button. */
  save: (product: ProductFormOutput) => Promise<void>;
}

/**
 * Every field of a product, as Add A Product and Edit show it: the shared schemas' rules and
 * messages field by field, the rules between fields under theirs, counters on the long texts,
 * an image by URL or upload, and a question before saving stock nobody can order.
 */
export function ProductForm({ label, defaultValues, submitLabel, save }: ProductFormProps) {
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema),
    defaultValues,
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = form;
  const [name, img, description] = useWatch({ control, name: ['name', 'img', 'description'] });
  const [saving, setSaving] = useState(false);
  const [unorderable, setUnorderable] = useState<ProductFormOutput | null>(null);

  const send = async (product: ProductFormOutput) => {
    setUnorderable(null);
    setSaving(true);
    try {
      await save(product);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, productFormFields);
      for (const { field, message } of fieldErrors) setError(field, { message });
      if (fieldErrors.length === 0)
        setError('root', { message: error instanceof Error ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = handleSubmit((product) =>
    stockBelowMinimum(product) ? setUnorderable(product) : send(product),
  );

  /** A long text's helper: its error (or the limit passed, as soon as it is) and a counter. */
  const counted = (field: 'name' | 'description', value: string, max: number, what: string) => {
    const message =
      errors[field]?.message ??
      (value.length > max ? productMessages.tooLong(what, max) : undefined);
    return {
      error: Boolean(message),
      helperText: (
        <span className={styles.helperRow}>
          <span>{message}</span>
          <span className={styles.counter} data-testid={`${field}-counter`}>
            {`${formatNumber(value.length)} / ${formatNumber(max)}`}
          </span>
        </span>
      ),
    };
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={label} className={styles.form}>
      <div className={styles.columns}>
        <div className={styles.fields}>
          <TextField
            {...register('name')}
            label="Name"
            fullWidth
            {...counted('name', name, LIMITS.productName, 'name')}
          />
          <div className={styles.pair}>
            <TextField
              {...register('sku')}
              label="Part number (SKU)"
              fullWidth
              autoCapitalize="characters"
              error={Boolean(errors.sku)}
              helperText={errors.sku?.message ?? 'Empty: the shop gives one'}
            />
            <TextField
              {...register('category')}
              label="Category"
              fullWidth
              error={Boolean(errors.category)}
              helperText={
                errors.category?.message ??
                `For example power-supplies; empty: other (at most ${PRODUCT_LIMITS.category})`
              }
            />
          </div>
          <TextField
            {...register('img')}
            label="Image URL"
            type="url"
            placeholder="https://example.com/part.jpg"
            fullWidth
            error={Boolean(errors.img)}
            helperText={errors.img?.message ?? 'Optional: empty, the shop shows a placeholder'}
          />
          <ImageUpload
            onUploaded={(url) =>
              setValue('img', url, { shouldDirty: true, shouldValidate: Boolean(errors.img) })
            }
          />
          <div className={styles.numbers}>
            {numberFields.map(({ field, label: fieldLabel, helper, min, ...rest }) => (
              <TextField
                key={field}
                {...register(field)}
                label={fieldLabel}
                type="number"
                min={min}
                step={'step' in rest ? rest.step : 1}
                inputMode={'step' in rest ? 'decimal' : 'numeric'}
                fullWidth
                error={Boolean(errors[field])}
                helperText={errors[field]?.message ?? helper}
              />
            ))}
          </div>
          <TextField
            {...register('description')}
            label="Description"
            multiline
            minRows={4}
            fullWidth
            {...counted('description', description, LIMITS.description, 'description')}
          />
        </div>
        <div>
          <p className={styles.previewTitle}>Image preview</p>
          <ImagePreview url={img} />
        </div>
      </div>
      <TierRows form={form} />
      <SpecRows form={form} />
      {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
      <div>
        <Button type="submit" variant="contained" size="large" loading={saving}>
          {submitLabel}
        </Button>
      </div>
      <ConfirmDialog
        open={unorderable !== null}
        question={STOCK_BELOW_MINIMUM}
        onConfirm={() => unorderable && void send(unorderable)}
        onCancel={() => setUnorderable(null)}
      />
    </form>
  );
}
