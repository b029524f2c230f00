import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages, type ProductInput } from '@shop/shared';
import { useForm, useWatch } from 'react-hook-form';
import { PageTitle } from '../../components/page-title';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { notify } from '../../lib/toast';
import { useAddProduct } from '../../features/admin-catalog/api/add-product';
import {
  productFormFields,
  productFormSchema,
  type ProductFormValues,
} from '../../features/admin-catalog/schemas';
import { ImagePreview } from '../../features/admin-catalog/components/image-preview';

const emptyProduct: ProductFormValues = {
  name: '',
  img: '',
  price: '',
  minimum: '',
  available: '',
  description: '',
};

const numberFields = [
  { field: 'price', label: 'Price', helper: 'Dollars per piece', min: 0 },
  { field: 'minimum', label: 'Minimum', helper: 'Minimum order, in pieces', min: 1 },
  { field: 'available', label: 'Available', helper: 'Pieces in stock', min: 0 },
] as const;

/** SPEC section 2, Add A Product (admin): all fields required, numbers sent as integers. */
export default function AddProductPage() {
  const addProduct = useAddProduct();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: emptyProduct,
  });
  const imageUrl = useWatch({ control, name: 'img' });

  const onSubmit = handleSubmit((input) => {
    addProduct.mutate(input, {
      onSuccess: () => {
        notify.success(messages.productAdded);
        reset(emptyProduct);
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, productFormFields);
        for (const { field, message } of fieldErrors) setError(field, { message });
        if (fieldErrors.length === 0) notify.error(error.message);
      },
    });
  });

  const errorProps = (field: keyof ProductFormValues) => ({
    error: Boolean(errors[field]),
    helperText: errors[field]?.message,
  });

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageTitle title="Add A Product" />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        Add A Product
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>
        Add a new part to the catalogue. It appears in the shop as soon as it is saved.
      </Typography>
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={onSubmit}
        aria-label="Add A Product"
        sx={{ mt: 3, p: { xs: 2, md: 3 } }}
      >
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField {...register('name')} label="Name" fullWidth {...errorProps('name')} />
            <TextField
              {...register('img')}
              label="Image URL"
              type="url"
              placeholder="https://example.com/part.jpg"
              fullWidth
              {...errorProps('img')}
            />
            <Grid container spacing={2}>
              {numberFields.map(({ field, label, helper, min }) => (
                <Grid key={field} size={{ xs: 12, sm: 4 }}>
                  <TextField
                    {...register(field)}
                    label={label}
                    type="number"
                    fullWidth
                    error={Boolean(errors[field])}
                    helperText={errors[field]?.message ?? helper}
                    slotProps={{ htmlInput: { min, step: 1, inputMode: 'numeric' } }}
                  />
                </Grid>
              ))}
            </Grid>
            <TextField
              {...register('description')}
              label="Description"
              multiline
              minRows={4}
              fullWidth
              {...errorProps('description')}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
              Image preview
            </Typography>
            <ImagePreview url={imageUrl} />
          </Grid>
        </Grid>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={addProduct.isPending}
          sx={{ mt: 3 }}
        >
          Add Product
        </Button>
      </Paper>
    </Box>
  );
}
