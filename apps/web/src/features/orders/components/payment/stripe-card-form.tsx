import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useId, useState } from 'react';
import { CardFormLayout } from './card-form-layout';
import { GENERIC_CARD_ERROR, type CardFormProps } from './card-form-types';
import styles from './card-form.module.css';

/**
 * global.css's --color-text, --color-error and --font-family: Stripe's frame cannot read the
 * page's CSS variables.
 */
const TEXT_COLOR = '#1a2433';
const ERROR_COLOR = '#d32f2f';
const FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/** Stripe.js is loaded once per key, however often the payment page opens. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

function StripeCardFields({ clientSecret, billingDetails, onSucceeded }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const [cardReady, setCardReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  const pay = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setError(null);
    setProcessing(true);
    let result;
    try {
      result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billingDetails },
      });
    } catch {
      setError(GENERIC_CARD_ERROR);
      setProcessing(false);
      return;
    }
    if (result.error || result.paymentIntent.status !== 'succeeded') {
      setError(result.error?.message ?? GENERIC_CARD_ERROR);
      setProcessing(false);
      return;
    }
    onSucceeded(result.paymentIntent.id);
  };

  return (
    <CardFormLayout
      error={error}
      ready={stripe !== null && cardReady && clientSecret !== null}
      processing={processing}
      onSubmit={() => void pay()}
    >
      <div>
        <span id={labelId} className={styles.cardLabel}>
          Card details
        </span>
        <div aria-labelledby={labelId} role="group" className={styles.cardBox}>
          <CardElement
            onReady={() => setCardReady(true)}
            onChange={(event) => setError(event.error?.message ?? null)}
            options={{
              hidePostalCode: true,
              // Stripe draws the card field in its own frame: the shop's colours, given as values.
              style: {
                base: { fontSize: '16px', color: TEXT_COLOR, fontFamily: FONT_FAMILY },
                invalid: { color: ERROR_COLOR },
              },
            }}
          />
        </div>
      </div>
    </CardFormLayout>
  );
}

/**
 * DESIGN section 6, Stripe gateway: Elements and a CardElement, confirmed with
 * confirmCardPayment. Loaded only by the payment page, and only when the gateway is Stripe.
 */
export default function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
