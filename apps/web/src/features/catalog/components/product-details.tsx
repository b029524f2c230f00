import { preview, type Product } from '@shop/shared';
import { ProductImage } from '../../../components/product-image';
import { cx } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import text from '../../../components/ui/text.module.css';
import { formatPieces, formatPrice } from '../../../lib/format';
import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH } from './product-card';
import styles from './product-details.module.css';

/**
 * SPEC section 2, Purchase page: the product's picture, name, description preview and figures.
 * Each figure is one line of text, so "Available: 440 pieces" reads (and is found) as a whole.
 */
export function ProductDetails({ product }: { product: Product }) {
  return (
    <section aria-label={product.name} className={styles.details}>
      <ProductImage
        src={product.img}
        alt={product.name}
        width={PRODUCT_IMAGE_WIDTH}
        height={PRODUCT_IMAGE_HEIGHT}
        // The page's largest paint: fetched ahead of the scripts and pictures still pending.
        fetchPriority="high"
        className={styles.picture}
      />
      <h2 className={cx(text.h2, styles.name)}>{product.name}</h2>
      <p className={cx(text.secondary, styles.description)}>{preview(product.description)}</p>
      <div className={styles.facts} data-testid="product-facts">
        <p>{`Minimum order: ${formatPieces(product.minimum)}`}</p>
        <p>{`Available: ${formatPieces(product.available)}`}</p>
        <p>{`Price: ${formatPrice(product.price)} per piece`}</p>
      </div>
    </section>
  );
}

/** ProductDetails while the product loads, line for line about as tall, so nothing jumps. */
export function ProductDetailsSkeleton() {
  return (
    <div aria-hidden="true" className={styles.details}>
      <Skeleton variant="rectangular" className={styles.picture} width="100%" height="auto" />
      <Skeleton className={styles.name} width="60%" />
      <div className={styles.description}>
        {['100%', '100%', '100%', '100%', '70%'].map((width, index) => (
          <Skeleton key={index} width={width} />
        ))}
      </div>
      <div className={styles.facts}>
        {['45%', '50%', '40%'].map((width, index) => (
          <Skeleton key={index} width={width} />
        ))}
      </div>
    </div>
  );
}
