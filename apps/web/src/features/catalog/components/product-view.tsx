import { categoryLabel, formatWeight, type Product } from '@shop/shared';
import { Island } from '../../../components/island';
import { BuyerPrice, orderTermsLabel } from '../../../components/price-info';
import { PriceTierTable } from '../../../components/price-tier-table';
import { ProductImage } from '../../../components/product-image';
import cardStyles from '../../../components/ui/card.module.css';
import { cx } from '../../../components/ui/container';
import text from '../../../components/ui/text.module.css';
import { formatPieces } from '../../../lib/format';
import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH } from './product-card';
import { ProductOrderIsland } from './product-order';
import styles from './product-view.module.css';

/**
 * The product page's content (issue 14): the name, part number, category, price in its unit and
 * order terms, the order box, the whole description, the volume prices, the picture and the
 * specifications, as HTML; the quantity, its live price and the buttons are one island
 * (ProductOrder).
 */
export function ProductView({ product }: { product: Product }) {
  // The shipping weight reads as one more specification, when the admin gave one.
  const specs =
    product.weightKg > 0
      ? [...product.specs, { label: 'Weight', value: formatWeight(product.weightKg) }]
      : product.specs;
  return (
    <div className={styles.columns}>
      {/* First in the page, so a phone shows the name, the price and the order box before the
          picture and the specifications (issue 28); from 900 px it is the right-hand column. */}
      <div className={styles.main}>
        <h1 className={cx(text.h1, styles.name)}>{product.name}</h1>
        <p className={cx(text.body2, text.secondary)} data-testid="product-meta">
          <span>Part number {product.sku}</span> ·{' '}
          <span>Category {categoryLabel(product.category)}</span>
        </p>
        <div className={styles.facts} data-testid="product-facts">
          <p>
            <BuyerPrice
              terms={product}
              quantity={Math.max(product.minimum, 1)}
              increment={product.increment}
            />
          </p>
          <p>{orderTermsLabel(product)}</p>
          <p>{`Available: ${formatPieces(product.available)}`}</p>
        </div>
        <section
          aria-labelledby="your-order"
          className={cx(cardStyles.card, styles.section, styles.orderCard)}
        >
          <h2 id="your-order" className={cx(text.h3, styles.heading)}>
            Your order
          </h2>
          {/* Its code loads as it comes near the viewport: at once on a phone, where it is on
              the first screen, and its field takes a quantity before then (ProductOrder). */}
          <Island
            name="product-order"
            component={ProductOrderIsland}
            props={{ product }}
            hydrate="visible"
          />
        </section>
        <p className={styles.description}>{product.description}</p>
        {product.priceTiers.length > 0 && (
          <section aria-labelledby="volume-prices" className={styles.section}>
            <h2 id="volume-prices" className={cx(text.h3, styles.heading)}>
              Volume prices
            </h2>
            <PriceTierTable terms={product} minimum={Math.max(product.minimum, 1)} />
          </section>
        )}
      </div>
      <div className={styles.aside}>
        <ProductImage
          src={product.img}
          alt={product.name}
          width={PRODUCT_IMAGE_WIDTH}
          height={PRODUCT_IMAGE_HEIGHT}
          fetchPriority="high"
          className={styles.picture}
        />
        {specs.length > 0 && (
          <section aria-labelledby="specs" className={styles.section}>
            <h2 id="specs" className={cx(text.h3, styles.heading)}>
              Specifications
            </h2>
            <table className={styles.specs} data-testid="specs">
              <tbody>
                {specs.map((spec) => (
                  <tr key={spec.label}>
                    <th scope="row">{spec.label}</th>
                    <td>{spec.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
    </div>
  );
}
