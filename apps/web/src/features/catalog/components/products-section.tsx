import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { HOME_PRODUCT_COUNT } from '@shop/shared';
import { Link as RouterLink } from 'react-router';
import { PageSection } from '../../../components/page-section';
import { ProductGrid, type ProductGridProps } from './product-grid';

export const PRODUCTS_SECTION_ID = 'products';
export const ALL_PRODUCTS_PATH = '/products';

/** SPEC section 2: the home page shows the first 6 products; the whole catalogue is on /products. */
export function ProductsSection({ onBuyIntent }: Pick<ProductGridProps, 'onBuyIntent'>) {
  return (
    <PageSection
      id={PRODUCTS_SECTION_ID}
      title="Products That We Manufacture"
      subtitle="Every part is designed, built and tested in our own factories, and sold by the box, the pallet or the container."
    >
      <ProductGrid limit={HOME_PRODUCT_COUNT} onBuyIntent={onBuyIntent} />
      <Box sx={{ mt: 4, textAlign: 'center' }}>
        <Button
          component={RouterLink}
          to={ALL_PRODUCTS_PATH}
          variant="outlined"
          endIcon={<ArrowForwardIcon />}
        >
          View all products
        </Button>
      </Box>
    </PageSection>
  );
}
