import type { ProductPage } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Island } from '../../components/island';
import { PageTitle } from '../../components/page-title';
import { Container } from '../../components/ui/container';
import { productSearchQueryOptions } from '../../features/catalog/api';
import { ProductSearch } from '../../features/catalog/components/product-search';
import styles from './products.module.css';

/**
 * /products: the catalogue's search (issue 14). The server renders it with the first page of the
 * default search (docs/decisions/015); the search is one island, which reads the address's query
 * (?q=&category=&sort=&page=) once hydrated and asks GET /products for it.
 */
export default function ProductsPage() {
  // Seeded by the server's render; in the single-page app the island asks for it itself.
  const initialPage = useQueryClient().getQueryData<ProductPage>(
    productSearchQueryOptions({}).queryKey,
  );
  return (
    <Container className={styles.page}>
      <PageTitle title="All Products" />
      <h1 className={styles.title}>All Products</h1>
      <p className={styles.intro}>
        Every part we manufacture, sold in bulk to businesses worldwide.
      </p>
      <Island
        name="product-search"
        component={ProductSearch}
        props={initialPage ? { initialPage } : {}}
      />
    </Container>
  );
}
