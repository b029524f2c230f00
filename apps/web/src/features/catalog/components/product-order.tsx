import { checkQuantity, priceTermsInCents, type Product } from '@shop/shared';
import { useLayoutEffect, useRef, useState } from 'react';
import { AddToCart } from '../../../components/add-to-cart';
import { QuantityPrice } from '../../../components/price-info';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { ButtonLink } from '../../../components/ui/button';
import { formatCents, formatPieces } from '../../../lib/format';
import { AppToastContainer } from '../../../components/ui/toast';
import styles from './product-view.module.css';

/** Where Buy Now goes: SPEC's purchase page. */
export const purchasePath = (id: string) => `/purchase/${encodeURIComponent(id)}`;

export interface ProductOrderProps {
  product: Product;
}

/**
 * The product page's one island (issue 14): the quantity, stepped by the pack size, priced live
 * by its volume tier with the saving and the next break, judged by the shared quantity rule the
 * server applies, and Add to cart and Buy Now.
 *
 * The server's HTML already takes a quantity (issue 28: on a phone a buyer types before the code
 * arrives). React keeps a typed value in the field when it hydrates but not in its state, so the
 * island reads the field once it has hydrated and takes what was typed. Add to cart adds what the
 * field says or nothing: it is disabled while the quantity cannot be ordered.
 */
export function ProductOrder({ product }: ProductOrderProps) {
  const least = Math.max(product.minimum, 1);
  const [text, setText] = useState(String(least));
  const field = useRef<HTMLInputElement>(null);
  // Once, after hydrating: the field's value differs from its HTML's only when it was typed into.
  useLayoutEffect(() => {
    const input = field.current;
    if (input && input.value !== input.defaultValue) setText(input.value);
  }, []);
  const most =
    product.maximum != null ? Math.min(product.maximum, product.available) : product.available;
  const quantity = text.trim() === '' ? null : Number(text);
  // Priced in cents by the server's rule, so the total is the one it charges.
  const verdict =
    quantity == null ? null : checkQuantity({ ...priceTermsInCents(product), quantity });
  const problem = verdict && !verdict.ok ? verdict.message : undefined;
  return (
    <div className={styles.order}>
      <QuantityStepper
        value={text}
        onChange={setText}
        step={Math.max(product.increment, 1)}
        min={least}
        max={most >= least ? most : undefined}
        error={Boolean(problem)}
        helperText={problem ?? (verdict?.ok ? formatPieces(verdict.quantity) : undefined)}
        productName={product.name}
        inputRef={field}
        fullWidth
      />
      <QuantityPrice terms={product} quantity={quantity} />
      <p className={styles.total} data-testid="order-total">
        Total: {verdict?.ok ? formatCents(verdict.total) : '—'}
      </p>
      <div className={styles.actions}>
        <AddToCart
          productId={product._id}
          quantity={verdict?.ok ? verdict.quantity : null}
          fullWidth
        />
        <ButtonLink href={purchasePath(product._id)} variant="contained" fullWidth>
          Buy Now
        </ButtonLink>
      </div>
    </div>
  );
}

/** As an island: it toasts "Added to cart", so it brings the toasts' container. */
export function ProductOrderIsland(props: ProductOrderProps) {
  return (
    <>
      <ProductOrder {...props} />
      <AppToastContainer />
    </>
  );
}
