import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageTitle } from '../../components/page-title';
import {
  ProductDetails,
  ProductDetailsSkeleton,
} from '../../features/catalog/components/product-details';
import { ApiError } from '../../lib/api-client';
import { loadPurchaseForm, purchaseProductQueryOptions } from './purchase-loading';

const PurchaseForm = lazy(() =>
  loadPurchaseForm().then(({ PurchaseForm }) => ({ default: PurchaseForm })),
);

/** Holds about the room of the order form while the product loads, so nothing jumps. */
const FORM_HEIGHT = 586;
/** The same for the form's fields alone, while their code loads. */
const FIELDS_HEIGHT = 512;

/**
 * SPEC section 2, /purchase/{id}: the catalogue's product beside the orders' purchase form. The
 * product is read fresh on every visit (PRODUCT_FRESH_MS) and after every order, because the
 * stock is what the quantity is checked against.
 */
export default function PurchasePage() {
  const { id = '' } = useParams();
  const product = useQuery(purchaseProductQueryOptions(id));
  const refetchProduct = () => void product.refetch();

  let body;
  if (product.isPending) {
    body = (
      <Grid container spacing={4} aria-busy="true">
        <Grid size={{ xs: 12, md: 6 }}>
          <ProductDetailsSkeleton />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Skeleton variant="rounded" height={FORM_HEIGHT} />
        </Grid>
      </Grid>
    );
  } else if (product.error) {
    const missing =
      product.error instanceof ApiError &&
      (product.error.status === 404 || product.error.status === 400);
    body = missing ? (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to="/#products" color="inherit" size="small">
            See our products
          </Button>
        }
      >
        This product does not exist, or is no longer sold.
      </Alert>
    ) : (
      <LoadError
        title="We could not load this product."
        error={product.error}
        retrying={product.isFetching}
        onRetry={refetchProduct}
      />
    );
  } else {
    body = (
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProductDetails product={product.data} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
              Your order
            </Typography>
            <Suspense fallback={<Skeleton variant="rounded" height={FIELDS_HEIGHT} />}>
              <PurchaseForm
                key={product.data._id}
                product={product.data}
                onOrderPlaced={refetchProduct}
                onOrderRefused={refetchProduct}
              />
            </Suspense>
          </Paper>
        </Grid>
      </Grid>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageTitle title="Purchase" />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 3 }}>
        Purchase
      </Typography>
      <Box>{body}</Box>
    </Container>
  );
}
