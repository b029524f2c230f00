import { addToCart, CART_PATH } from '../lib/cart-store';
import { AppToastContainer, notify } from './ui/toast';
import { Button } from './ui/button';
import { useHydrated } from './use-hydrated';

export interface AddToCartProps {
  productId: string;
  /** The id of the product's name on the page, which describes the button (as Buy Now's). */
  describedBy?: string;
  /**
   * Pieces to add: the purchase form's quantity, or the product's minimum on a card. Null while
   * the quantity typed cannot be ordered: the button is disabled rather than add another one.
   */
  quantity: number | null;
  fullWidth?: boolean;
}

/**
 * "Add to cart" on a product card and on the purchase page (issue 13). On a card the server
 * renders it is an island of its own (app/islands.tsx): disabled until its code has run, as a
 * press nothing answers would be lost. The cart is this browser's (lib/cart-store.ts), so adding
 * needs no sign-in and no request.
 */
export function AddToCart({ productId, describedBy, quantity, fullWidth }: AddToCartProps) {
  const hydrated = useHydrated();
  return (
    <Button
      variant="outlined"
      fullWidth={fullWidth}
      disabled={!hydrated || quantity === null}
      aria-describedby={describedBy}
      onClick={() => {
        if (quantity === null) return;
        addToCart([{ productId, quantity }]);
        notify.successWithLink('Added to cart', { href: CART_PATH, label: 'View cart' });
      }}
    >
      Add to cart
    </Button>
  );
}

/** A card's button as an island: each island that toasts brings the toasts' container. */
export function AddToCartIsland(props: AddToCartProps) {
  return (
    <>
      <AddToCart {...props} />
      <AppToastContainer />
    </>
  );
}
