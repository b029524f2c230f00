import { PageTitle } from '../../components/page-title';
import { Container } from '../../components/ui/container';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import styles from './products.module.css';

/**
 * /products: the whole catalogue with the home page's cards, in the same order. The server
 * renders it with the catalogue (docs/decisions/015): HTML only, Buy Now being a link.
 */
export default function ProductsPage() {
  return (
    <Container className={styles.page}>
      <PageTitle title="All Products" />
      <h1 className={styles.title}>All Products</h1>
      <p className={styles.intro}>
        Every part we manufacture, sold in bulk to businesses worldwide.
      </p>
      <ProductGrid />
    </Container>
  );
}
