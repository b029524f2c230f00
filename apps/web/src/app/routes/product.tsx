import { messages, preview, PRODUCT_PAGE } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '../../components/page-title';
import { ButtonLink } from '../../components/ui/button';
import { Container, cx } from '../../components/ui/container';
import { LoadError } from '../../components/ui/load-error';
import { useCurrentPath } from '../../components/ui/navigation';
import { Skeleton } from '../../components/ui/skeleton';
import text from '../../components/ui/text.module.css';
import { productQueryOptions } from '../../features/catalog/api';
import { ProductView } from '../../features/catalog/components/product-view';
import { ApiError } from '../../lib/api-error';
import styles from './product.module.css';

const PREFIX = PRODUCT_PAGE.slice(0, PRODUCT_PAGE.indexOf(':'));

/** The product id in the page's address ('' where there is none). */
export const productIdOf = (path: string) =>
  path.startsWith(PREFIX) ? decodeURIComponent(path.slice(PREFIX.length)) : '';

/** What the search engines show under the title: the start of the description. */
const DESCRIPTION_LENGTH = 155;

/**
 * /products/{id}, public (issue 14): the product with its specifications and volume prices. The
 * server renders it per product (apps/api/src/http/documents.ts), with the product's name in the
 * title and the start of its description as the page's description; the order box is an island.
 */
export default function ProductPage() {
  const id = productIdOf(useCurrentPath());
  const product = useQuery({ ...productQueryOptions(id), enabled: id !== '' });

  if (product.data) {
    return (
      <Container className={styles.page}>
        <PageTitle title={product.data.name} />
        <meta
          name="description"
          content={preview(product.data.description.replace(/\s+/g, ' '), DESCRIPTION_LENGTH)}
        />
        <ProductView product={product.data} />
      </Container>
    );
  }
  const missing =
    id === '' ||
    (product.error instanceof ApiError &&
      (product.error.status === 404 || product.error.status === 400));
  if (missing) return <ProductNotFound />;
  return (
    <Container className={styles.page}>
      {product.error ? (
        <LoadError
          title="We could not load this product."
          error={product.error}
          retrying={product.isFetching}
          onRetry={() => void product.refetch()}
        />
      ) : (
        <div aria-busy="true" className={styles.loading}>
          <Skeleton variant="rectangular" height={300} />
          <Skeleton width="60%" />
          <Skeleton />
          <Skeleton />
        </div>
      )}
    </Container>
  );
}

/** An unknown or malformed product id: the server answers 404 with this page. */
export function ProductNotFound() {
  return (
    <Container className={cx(styles.page, styles.notFound)}>
      <PageTitle title={messages.pageNotFound} />
      <h1 className={cx(text.h1, styles.notFoundTitle)}>{messages.pageNotFound}</h1>
      <p className={text.secondary}>This product does not exist, or is no longer sold.</p>
      <ButtonLink href="/products" variant="contained">
        See our products
      </ButtonLink>
    </Container>
  );
}
