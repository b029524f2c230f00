import { messages, type Order, type Product } from '@shop/shared';
import { useRef, useState, type ChangeEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { AddToCart } from '../../../components/add-to-cart';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber, formatPrice } from '../../../lib/format';
import { useSession } from '../../../lib/session/use-session';
import { notify } from '../../../lib/toast';
import { usePlaceOrder } from '../api/place-order';
import { checkQuantityField } from '../quantity';
import styles from './purchase-form.module.css';

import type { ContactValues } from '../contact-rule';

/** The shared rules' resolver, loaded with the first check (contact-rule.ts says why). */
const contactResolver: Resolver<ContactValues> = async (...args) =>
  (await import('../contact-rule')).contactResolver(...args);

interface PurchaseFormProps {
  product: Product;
  /** After an order is placed: the product's stock went down, so the page reloads it. */
  onOrderPlaced?: (order: Order) => void;
  /** After the server refused the order: the stock may have changed meanwhile. */
  onOrderRefused?: () => void;
}

function PlacedOrder({ order }: { order: Order }) {
  return (
    // A status, not an alert: the toast already announces the success once.
    <Alert severity="success" role="status" className={styles.placed} data-testid="order-placed">
      <p className={styles.placedTitle}>Your order is placed.</p>
      <p className={styles.placedText}>
        {formatNumber(order.quantity)} × {order.productName}, total {formatPrice(order.price)}. It
        stays reserved for you until it is paid or cancelled.
      </p>
      <div className={styles.placedActions}>
        <ButtonLink href={`/dashboard/payment/${order._id}`} variant="contained" size="small">
          Pay Now
        </ButtonLink>
        <ButtonLink href="/dashboard/myorders" variant="outlined" size="small">
          Go to My Orders
        </ButtonLink>
      </div>
    </Alert>
  );
}

/**
 * SPEC section 2, Purchase page: a quantity starting at the minimum, the signed-in user's name
 * and email read-only, phone and address typed in. SPEC section 5: an invalid quantity disables
 * Purchase and says why in an error toast.
 */
export function PurchaseForm({ product, onOrderPlaced, onOrderRefused }: PurchaseFormProps) {
  const { user } = useSession();
  const placeOrder = usePlaceOrder();
  const [quantityText, setQuantityText] = useState(String(product.minimum));
  const [placed, setPlaced] = useState<Order | null>(null);
  const quantityToast = useRef<string | null>(null);
  const check = checkQuantityField(quantityText, product);

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactValues>({
    resolver: contactResolver,
    defaultValues: { number: '', address: '' },
  });

  // The toast belongs to the change that made the quantity invalid, not to every render.
  const onQuantityChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setQuantityText(next);
    const nextCheck = checkQuantityField(next, product);
    const message = nextCheck && !nextCheck.ok ? nextCheck.message : null;
    if (quantityToast.current && quantityToast.current !== message) {
      notify.dismiss(quantityToast.current);
    }
    quantityToast.current = message;
    if (message) notify.error(message, { toastId: message });
  };

  const onSubmit = handleSubmit((contact) => {
    if (!check?.ok) return;
    placeOrder.mutate(
      { productId: product._id, quantity: check.quantity, ...contact },
      {
        onSuccess: (order) => {
          notify.success(messages.orderPlaced);
          reset();
          setQuantityText(String(product.minimum));
          setPlaced(order);
          onOrderPlaced?.(order);
        },
        onError: (error) => {
          notify.error(error.message);
          onOrderRefused?.();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Purchase">
      <div className={styles.fields}>
        {product.available < product.minimum && (
          <Alert severity="warning">
            Not enough stock for the minimum order right now. Please check back soon.
          </Alert>
        )}
        <TextField
          label="Quantity"
          type="number"
          value={quantityText}
          onChange={onQuantityChange}
          error={!check?.ok}
          helperText={`Between ${formatNumber(product.minimum)} and ${formatNumber(product.available)} pieces`}
          min={product.minimum}
          max={product.available}
          step={1}
          fullWidth
        />
        <p aria-live="polite" data-testid="order-total" className={styles.total}>
          Total: {check?.ok ? formatPrice(check.total) : '—'}
        </p>
        <TextField label="Name" value={user?.displayName ?? ''} readOnly fullWidth />
        <TextField label="Email" type="email" value={user?.email ?? ''} readOnly fullWidth />
        <TextField
          {...register('number')}
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          error={Boolean(errors.number)}
          helperText={errors.number?.message}
          fullWidth
        />
        <TextField
          {...register('address')}
          label="Address"
          autoComplete="street-address"
          multiline
          minRows={2}
          error={Boolean(errors.address)}
          helperText={errors.address?.message}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!check?.ok}
          loading={placeOrder.isPending}
        >
          Purchase
        </Button>
        {/* The quantity typed when it can be ordered, else the minimum: the cart checks it again. */}
        <AddToCart
          productId={product._id}
          quantity={check?.ok ? check.quantity : Math.max(product.minimum, 1)}
          fullWidth
        />
      </div>
      {placed && <PlacedOrder order={placed} />}
    </form>
  );
}
