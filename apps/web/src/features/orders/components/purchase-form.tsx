import { APPROVAL_WORDS, joinAddressLines, type PaymentMethod, type Product } from '@shop/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { AddToCart } from '../../../components/add-to-cart';
import {
  CreditRefusedNotice,
  PaymentMethodChoice,
  creditLeft,
  type AccountTerms,
} from '../../../components/payment-method-choice';
import { ApprovalNotice, needsApproval, type Spending } from '../../../components/approval-notice';
import { QuantityPrice } from '../../../components/price-info';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber } from '../../../lib/format';
import { useSession } from '../../../lib/session/use-session';
import { replacePage } from '../../../lib/replace-page';
import { notify } from '../../../components/ui/toast';
import { usePlaceOrder } from '../api/place-order';
import { placedPurchasePath } from '../placed';
import { BuyNowSubtotal } from './buy-now-subtotal';
import { checkQuantityField } from '../quantity';
import styles from './purchase-form.module.css';

import type { ContactValues } from '../contact-rule';

/** The charge's code comes once a phone and address are typed (buy-now-charges.tsx). */
const BuyNowCharges = lazy(() => import('./buy-now-charges'));

/** The shared rules' resolver, loaded with the first check (contact-rule.ts says why). */
const contactResolver: Resolver<ContactValues> = async (...args) =>
  (await import('../contact-rule')).contactResolver(...args);

interface PurchaseFormProps {
  product: Product;
  /** After the server refused the order: the stock may have changed meanwhile. */
  onOrderRefused?: () => void;
  /** The buyer's spending limit, when their company gives them one. */
  spending?: Spending | null;
  /** The buyer's company's net terms: Buy Now offers paying on account. */
  account?: AccountTerms | null;
  /**
   * False while the product shown is the one read before the buyer's token was known: its price
   * may not be the buyer's yet, so Purchase waits for the buyer's read.
   */
  priceIsBuyers?: boolean;
}

/** The most pieces one order may take: the stock, or the product's maximum when lower. */
const mostPieces = (product: Product) =>
  product.maximum != null ? Math.min(product.maximum, product.available) : product.available;

/** "Between 50 and 4,000 pieces, in packs of 10". */
function quantityHelper(product: Product): string {
  const range = `Between ${formatNumber(product.minimum)} and ${formatNumber(mostPieces(product))} pieces`;
  return product.increment > 1 ? `${range}, in packs of ${formatNumber(product.increment)}` : range;
}

/**
 * SPEC section 2, Purchase page: a quantity starting at the minimum, the signed-in user's name
 * and email read-only, phone and address typed in. SPEC section 5: an invalid quantity disables
 * Purchase and says why in an error toast.
 */
export function PurchaseForm({
  product,
  onOrderRefused,
  spending,
  account = null,
  priceIsBuyers = true,
}: PurchaseFormProps) {
  const { user } = useSession();
  const placeOrder = usePlaceOrder();
  const [method, setMethod] = useState<PaymentMethod>('card');
  // On hold, the account is not offered: the order goes by card whatever was picked before.
  const paymentMethod: PaymentMethod = account && !account.onHold ? method : 'card';
  const available = creditLeft(placeOrder.error);
  const [quantityText, setQuantityText] = useState(String(product.minimum));
  // Placed, and on the way to the purchase page: Purchase stays busy, so nobody orders twice.
  const [leaving, setLeaving] = useState(false);
  const quantityToast = useRef<string | null>(null);
  const check = checkQuantityField(quantityText, product);

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ContactValues>({
    resolver: contactResolver,
    defaultValues: { number: '', address: '' },
  });

  // What buying it would charge (issue 29), once a quantity, phone and address are typed: the
  // server's preview of this one line, with shipping (the cheapest method) and tax.
  const [number, address] = useWatch({ control, name: ['number', 'address'] });
  const previewBody =
    check?.ok && priceIsBuyers && number.trim() !== '' && address.trim() !== ''
      ? { lines: [{ productId: product._id, quantity: check.quantity }], number, address }
      : null;
  const [chargedCents, setChargedCents] = useState<number | null>(null);
  const charged = check?.ok
    ? previewBody && chargedCents !== null
      ? chargedCents
      : check.total
    : 0;
  const waits = check?.ok ? needsApproval(spending, charged) : false;

  // The toast belongs to the change that made the quantity invalid, not to every render.
  const onQuantityChange = (next: string) => {
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
    if (!check?.ok || !priceIsBuyers) return;
    placeOrder.mutate(
      {
        productId: product._id,
        quantity: check.quantity,
        ...contact,
        ...(paymentMethod === 'account' ? { paymentMethod } : {}),
      },
      {
        // The new purchase's page says "Order Place Successfully!" (SPEC section 8) on arrival,
        // and replaces this page in the history: Back does not return to a filled form.
        onSuccess: (placed) => {
          setLeaving(true);
          replacePage(placedPurchasePath(placed.purchaseId));
        },
        onError: (error) => {
          // Above the company's credit, the form says so beside the card it offers instead.
          if (creditLeft(error) === null) notify.error(error.message);
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
        <QuantityStepper
          value={quantityText}
          onChange={onQuantityChange}
          error={!check?.ok}
          helperText={quantityHelper(product)}
          step={Math.max(product.increment, 1)}
          min={Math.max(product.minimum, 1)}
          max={mostPieces(product)}
          fullWidth
        />
        <QuantityPrice
          terms={product}
          quantity={quantityText.trim() === '' ? null : Number(quantityText)}
        />
        {/* One total (issue 29): the server's, with shipping and tax, once it has priced the
            address; until then the goods alone, SPEC's quantity times unit price, as a subtotal. */}
        <div aria-live="polite" className={styles.charges}>
          {check?.ok && previewBody ? (
            <Suspense fallback={<BuyNowSubtotal goods={check.total} pending />}>
              <BuyNowCharges body={previewBody} goods={check.total} onCharged={setChargedCents} />
            </Suspense>
          ) : (
            <BuyNowSubtotal goods={check?.ok ? check.total : null} pending={false} />
          )}
        </div>
        {check?.ok && <ApprovalNotice spending={spending} total={charged} />}
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
          {...register('address', { setValueAs: joinAddressLines })}
          label="Address"
          autoComplete="street-address"
          multiline
          minRows={2}
          error={Boolean(errors.address)}
          helperText={errors.address?.message}
          fullWidth
        />
        <PaymentMethodChoice account={account} value={paymentMethod} onChange={setMethod} />
        {available !== null && paymentMethod === 'account' && (
          <CreditRefusedNotice available={available} onUseCard={() => setMethod('card')} />
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!check?.ok}
          loading={placeOrder.isPending || leaving || !priceIsBuyers}
        >
          {waits ? APPROVAL_WORDS.button : 'Purchase'}
        </Button>
        {/* The quantity typed when it can be ordered, else nothing (never another quantity). */}
        <AddToCart productId={product._id} quantity={check?.ok ? check.quantity : null} fullWidth />
      </div>
    </form>
  );
}
