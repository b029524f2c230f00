import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../components/page-title';
import { ProductGrid } from '../../features/catalog/components/product-grid';

/** /products: the whole catalogue with the home page's cards, in the same order. */
export default function ProductsPage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageTitle title="All Products" />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        All Products
      </Typography>
      <Typography sx={{ mt: 1, mb: { xs: 3, md: 4 }, color: 'text.secondary' }}>
        Every part we manufacture, sold in bulk to businesses worldwide.
      </Typography>
      <ProductGrid />
    </Container>
  );
}
