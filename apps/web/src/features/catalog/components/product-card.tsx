import { preview, productPagePath, type Product } from '@shop/shared';
import { useId } from 'react';
import { AddToCart, AddToCartIsland } from '../../../components/add-to-cart';
import { Island } from '../../../components/island';
import { fromPriceLabel, unitPriceLine, yourPriceLabel } from '../../../components/price-info';
import { ProductImage } from '../../../components/product-image';
import { ButtonLink } from '../../../components/ui/button';
import { PageLink } from '../../../components/ui/navigation';
import cardStyles from '../../../components/ui/card.module.css';
import { cx } from '../../../components/ui/container';
import text from '../../../components/ui/text.module.css';
import { formatPieces } from '../../../lib/format';
import styles from './product-card.module.css';

/** The intrinsic size of the product pictures; the attributes reserve the space before they load. */
export const PRODUCT_IMAGE_WIDTH = 400;
export const PRODUCT_IMAGE_HEIGHT = 300;

export interface ProductCardProps {
  product: Product;
  /** Pictures in the first visible row load at once; the rest wait until they near the viewport. */
  eager?: boolean;
  /**
   * Drawn inside an island (/products' search): Add to cart is a plain button, and the island
   * brings the one toasts' container, instead of an island (and a container) per card.
   */
  inIsland?: boolean;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <p className={text.body2}>
      <span className={text.secondary}>{label}:</span> <span className={styles.value}>{value}</span>
    </p>
  );
}

/**
 * A product of the catalogue; its Buy Now is a link to the purchase page's document, and its Add
 * to cart puts the minimum order in the cart.
 */
export function ProductCard({ product, eager = false, inIsland = false }: ProductCardProps) {
  const nameId = useId();
  const from = fromPriceLabel(product);
  const yours = yourPriceLabel(product, Math.max(product.minimum, 1));
  const addToCart = {
    productId: product._id,
    quantity: Math.max(product.minimum, 1),
    describedBy: nameId,
    fullWidth: true,
  };
  return (
    <article
      data-testid="product-card"
      aria-labelledby={nameId}
      className={cx(cardStyles.card, styles.card)}
    >
      <ProductImage
        src={product.img}
        alt={product.name}
        width={PRODUCT_IMAGE_WIDTH}
        height={PRODUCT_IMAGE_HEIGHT}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={styles.picture}
      />
      <div className={cx(cardStyles.content, styles.content)}>
        <h3 id={nameId} className={text.h3}>
          <PageLink href={productPagePath(product._id)} className={styles.nameLink}>
            {product.name}
          </PageLink>
        </h3>
        <p className={cx(text.body2, text.secondary, styles.description)}>
          {preview(product.description)}
        </p>
        <div className={styles.facts}>
          <Fact label="Minimum order" value={formatPieces(product.minimum)} />
          <Fact label="Available" value={formatPieces(product.available)} />
          <Fact label="Price" value={unitPriceLine(product.price, product.increment)} />
          {from && <Fact label="Volume price" value={from} />}
          {yours && <Fact label="Contract price" value={`${yours} per piece`} />}
        </div>
      </div>
      <div className={styles.actions}>
        <ButtonLink
          href={`/purchase/${product._id}`}
          variant="contained"
          fullWidth
          aria-describedby={nameId}
        >
          Buy Now
        </ButtonLink>
        {inIsland ? (
          <AddToCart {...addToCart} />
        ) : (
          // Near the viewport: a card far down the catalogue loads nothing until it is scrolled to.
          <Island
            name="add-to-cart"
            component={AddToCartIsland}
            props={addToCart}
            hydrate="visible"
          />
        )}
      </div>
    </article>
  );
}
