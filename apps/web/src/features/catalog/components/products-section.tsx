import { HOME_PRODUCT_COUNT } from '@shop/shared';
import { PageSection } from '../../../components/page-section';
import { ButtonLink } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { arrowForward } from '../../../components/ui/icons';
import { ProductGrid } from './product-grid';
import styles from './products-section.module.css';

export const PRODUCTS_SECTION_ID = 'products';
export const ALL_PRODUCTS_PATH = '/products';

/** SPEC section 2: the home page shows the first 6 products; the whole catalogue is on /products. */
export function ProductsSection() {
  return (
    <PageSection
      id={PRODUCTS_SECTION_ID}
      title="Products That We Manufacture"
      subtitle="Every part is designed, built and tested in our own factories, and sold by the box, the pallet or the container."
    >
      <ProductGrid limit={HOME_PRODUCT_COUNT} />
      <div className={styles.more}>
        <ButtonLink
          href={ALL_PRODUCTS_PATH}
          variant="outlined"
          endIcon={<Icon path={arrowForward} />}
        >
          View all products
        </ButtonLink>
      </div>
    </PageSection>
  );
}
