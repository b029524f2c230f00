import type { BillingDetails } from '../../api/confirm-sandbox-payment';

/** What the payment page hands to the card form of either gateway (DESIGN section 6). */
export interface CardFormProps {
  /**
   * Null until the payment intent (`routes.payments.createIntent`) has answered: Pay stays
   * disabled until then.
   */
  clientSecret: string | null;
  /** SPEC section 7: the customer's name and email go with the card as billing details. */
  billingDetails: BillingDetails;
  /** The gateway confirmed the payment; the page records it with the shop. */
  onSucceeded: (paymentIntentId: string) => void;
}

/** Shown when a gateway fails without a message of its own. */
export const GENERIC_CARD_ERROR = 'Your payment could not be completed. Please try again.';
