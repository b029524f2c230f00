import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { Product } from '@shop/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
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
  const titleId = useId();
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
      onClose={updateProduct.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Edit {product.name}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            {numberFields.map(({ field, label, min }) => (
              <Grid key={field} size={{ xs: 12, sm: 4 }}>
                <TextField
                  {...register(field)}
                  label={label}
                  type="number"
                  fullWidth
                  error={Boolean(errors[field])}
                  helperText={errors[field]?.message}
                  slotProps={{ htmlInput: { min, step: 1, inputMode: 'numeric' } }}
                />
              </Grid>
            ))}
            <Grid size={12}>
              <TextField
                {...register('description')}
                label="Description"
                multiline
                minRows={4}
                fullWidth
                error={Boolean(errors.description)}
                helperText={errors.description?.message}
              />
            </Grid>
          </Grid>
          {errors.root && (
            <Alert severity="error" sx={{ mt: 2 }}>
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
