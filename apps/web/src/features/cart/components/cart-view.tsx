import { MAX_ORDER_TOTAL, purchaseMessages, type Location, type Purchase } from '@shop/shared';
import { useQueries } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import text from '../../../components/ui/text.module.css';
import {
  clearCart,
  removeFromCart,
  setCartQuantity,
  useCart,
  type CartLine,
} from '../../../lib/cart-store';
import { ApiError } from '../../../lib/api-error';
import { productQueryOptions } from '../../../lib/catalogue-query';
import { formatCents } from '../../../lib/format';
import { checkCartQuantity } from '../line-check';
import { CartLines, type CartRow } from './cart-lines';
import type { Spending } from '../../../components/approval-notice';
import type { AccountTerms } from '../../../components/payment-method-choice';
import { CheckoutForm } from './checkout-form';
import { QuickOrderBox } from './quick-order-box';
import styles from './cart.module.css';

interface CartViewProps {
  /** Whether the visitor may check out; the page offers `signIn` in the form's place if not. */
  signedIn: boolean;
  signIn: ReactNode;
  /** The member's monthly limit and spend, when they have a limit: the checkout says it waits. */
  spending?: Spending | null;
  /** The buyer's company's net terms: the checkout offers paying on account. */
  account?: AccountTerms | null;
  /** The buyer's company's ship-to locations, offered at checkout (none outside a company). */
  locations?: Location[];
  /** After a checkout went through (the cart is empty by then). */
  onPlaced: (purchase: Purchase) => void;
}

/** A stored quantity as its field shows it: the bare number (a number input has no separators). */
const fieldText = (line: CartLine) => String(line.quantity);

/** GET /item/{id} answered that the product is not sold (any more): the line says so. */
const isGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * The cart page's content: the lines with their quantities checked live against each product's
 * minimum, pack size, maximum, stock and volume prices, the quick order, and the checkout. Each
 * line's product is read on its own (GET /item/{id}), fresh when the page opens and after every
 * checkout, so the check uses today's stock and never misses a product older than the newest
 * ones GET /items lists.
 */
export function CartView({
  signedIn,
  signIn,
  spending,
  account,
  locations,
  onPlaced,
}: CartViewProps) {
  const lines = useCart();
  const lineProducts = useQueries({
    queries: lines.map((line) => ({ ...productQueryOptions(line.productId), staleTime: 0 })),
  });
  // What the buyer typed where it is not (yet) a quantity the cart can store: an empty field.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<Map<string, string>>(new Map());

  const rows: CartRow[] = lines.map((line, index) => {
    const query = lineProducts[index];
    const product = query?.data;
    const raw = drafts[line.productId] ?? fieldText(line);
    return {
      productId: line.productId,
      text: raw,
      product,
      pending: !product && !query?.error,
      verdict: product ? checkCartQuantity(raw, product) : null,
      refused: refused.get(line.productId),
    };
  });

  const onQuantityChange = (productId: string, raw: string) => {
    const value = Number(raw);
    const storable = raw.trim() !== '' && Number.isSafeInteger(value) && value > 0;
    if (storable) setCartQuantity(productId, value);
    setDrafts((current) => {
      const next = { ...current };
      if (storable && String(value) === raw) delete next[productId];
      else next[productId] = raw;
      return next;
    });
    setRefused((current) => {
      if (!current.has(productId)) return current;
      const next = new Map(current);
      next.delete(productId);
      return next;
    });
  };

  const onRemove = (productId: string) => {
    removeFromCart(productId);
    setDrafts(({ [productId]: _removed, ...rest }) => rest);
  };

  const onPlacedPurchase = (purchase: Purchase) => {
    clearCart();
    setDrafts({});
    setRefused(new Map());
    onPlaced(purchase);
  };

  const checking = rows.some((row) => row.pending);
  const failed = lineProducts.filter((query) => query.error && !isGone(query.error));
  const missing = rows.filter((row) => !row.pending && !row.product).length;
  const invalid = rows.filter((row) => row.verdict && !row.verdict.ok).length;
  // In cents, as the quantity rule prices each line: the sum is exact.
  const total = rows.reduce((sum, row) => sum + (row.verdict?.ok ? row.verdict.total : 0), 0);
  let blocked: string | null = null;
  if (checking || failed.length > 0) blocked = 'Checking the cart against the catalogue...';
  else if (missing > 0) blocked = 'Remove the products no longer sold before placing the order.';
  else if (invalid > 0) blocked = 'Fix the quantities marked in red before placing the order.';
  // The server's rule too: a purchase is paid in one card payment.
  else if (total > MAX_ORDER_TOTAL) blocked = purchaseMessages.totalTooHigh(total, MAX_ORDER_TOTAL);
  const orderable = blocked
    ? null
    : rows.map((row) => ({ productId: row.productId, quantity: Number(row.text) }));

  let body: ReactNode;
  if (lines.length === 0) {
    body = (
      <Alert
        severity="info"
        role="status"
        action={
          <ButtonLink href="/products" color="inherit" size="small">
            See our products
          </ButtonLink>
        }
      >
        Your cart is empty. Add products from the catalogue, or paste a quick order below.
      </Alert>
    );
  } else if (rows.every((row) => row.pending)) {
    body = <Skeleton variant="rounded" height={72 * Math.min(lines.length, 5)} />;
  } else if (failed.length > 0) {
    body = (
      <LoadError
        title="We could not check your cart against the catalogue."
        error={failed[0]!.error}
        retrying={failed.some((query) => query.isFetching)}
        onRetry={() => failed.forEach((query) => void query.refetch())}
      />
    );
  } else {
    body = (
      <>
        <CartLines rows={rows} onQuantityChange={onQuantityChange} onRemove={onRemove} />
        {/* The goods' sum, not a total (issue 28, 29): the checkout's summary has the one total,
            the server's, with shipping and tax. A sum without the lines that cannot be ordered
            would read as the price of the order, so until every line is valid it shows none. */}
        <p className={text.h4} data-testid="cart-subtotal">
          Subtotal: {invalid === 0 && missing === 0 && !checking ? formatCents(total) : '—'}
        </p>
        <p className={styles.subtotalHint}>Shipping and tax are added at checkout.</p>
      </>
    );
  }

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        {body}
        <QuickOrderBox />
      </div>
      {lines.length > 0 && (
        <div className={styles.side}>
          {signedIn ? (
            <CheckoutForm
              lines={orderable}
              total={total}
              blocked={blocked}
              spending={spending}
              account={account ?? null}
              locations={locations}
              onRefused={setRefused}
              onPlaced={onPlacedPurchase}
            />
          ) : (
            signIn
          )}
        </div>
      )}
    </div>
  );
}
