import { zodResolver } from '@hookform/resolvers/zod';
import type { Product } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { notify } from '../../../lib/toast';
import { useUpdateProduct } from '../api/update-product';
import {
  editValuesOf,
  productChanges,
  productEditFields,
  productEditFormSchema,
  type ProductEdit,
  type ProductEditValues,
} from '../schemas';
import styles from './edit-product-dialog.module.css';

/** Not a SPEC message: the toast after an edit. */
export const PRODUCT_UPDATED = 'Product Updated Successfully!';

const numberFields = [
  { field: 'price', label: 'Price', min: 0 },
  { field: 'minimum', label: 'Minimum', min: 1 },
  { field: 'available', label: 'Available', min: 0 },
] as const;

interface EditProductDialogProps {
  product: Product;
  onClose: () => void;
}

/** Price, minimum, stock and description of one product, saved with `routes.catalog.update`. */
export function EditProductDialog({ product, onClose }: EditProductDialogProps) {
  const updateProduct = useUpdateProduct();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProductEditValues, unknown, ProductEdit>({
    resolver: zodResolver(productEditFormSchema),
    defaultValues: editValuesOf(product),
  });

  const onSubmit = handleSubmit((edit) => {
    const changes = productChanges(product, edit);
    if (!changes.success) {
      for (const issue of changes.error.issues) {
        const field = productEditFields.find((name) => name === issue.path[0]);
        setError(field ?? 'root', { message: issue.message });
      }
      return;
    }
    updateProduct.mutate(
      { id: product._id, update: changes.data },
      {
        onSuccess: () => {
          notify.success(PRODUCT_UPDATED);
          onClose();
        },
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error, productEditFields);
          for (const { field, message } of fieldErrors) setError(field, { message });
          if (fieldErrors.length === 0) setError('root', { message: error.message });
        },
      },
    );
  });

  return (
    <Dialog
      open
      title={`Edit ${product.name}`}
      onClose={updateProduct.isPending ? undefined : onClose}
      className={styles.dialog}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogContent>
          <div className={styles.fields}>
            {numberFields.map(({ field, label, min }) => (
              <TextField
                key={field}
                {...register(field)}
                label={label}
                type="number"
                min={min}
                step={1}
                inputMode="numeric"
                fullWidth
                error={Boolean(errors[field])}
                helperText={errors[field]?.message}
              />
            ))}
            <TextField
              {...register('description')}
              label="Description"
              multiline
              minRows={4}
              fullWidth
              className={styles.wide}
              error={Boolean(errors.description)}
              helperText={errors.description?.message}
            />
          </div>
          {errors.root && (
            <Alert severity="error" className={styles.error}>
              {errors.root.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={updateProduct.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={updateProduct.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
