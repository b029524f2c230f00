import Stripe from 'stripe';
import {
  amountInCents,
  CURRENCY,
  intentIdempotencyKey,
  intentMetadata,
  parseStripeWebhook,
  toGatewayIntent,
  type PaymentGateway,
} from './gateway.js';

/**
 * The API version this code was written and tested against. Pinned, so a new default version
 * on the Stripe account cannot change the shapes the shop reads.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret?: string;
  /** `http://127.0.0.1:12111`: send the API requests there instead of https://api.stripe.com. */
  apiBase?: string;
}

function connection(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

const isStripeError = (error: unknown, code: string) =>
  error instanceof Stripe.errors.StripeError && error.code === code;

/** DESIGN section 6 with Stripe: PaymentIntents in cents, USD, `metadata.orderId`. */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...connection(options.apiBase),
  });

  const retrieve = async (intentId: string) => {
    try {
      return toGatewayIntent(await stripe.paymentIntents.retrieve(intentId));
    } catch (error) {
      if (isStripeError(error, 'resource_missing')) return null;
      throw error;
    }
  };

  return {
    kind: 'stripe',

    async createIntent(order) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountInCents(order.price),
          currency: CURRENCY,
          // The web page confirms with CardElement (confirmCardPayment).
          allowed_payment_method_types: ['card'],
          metadata: intentMetadata(order),
        },
        { idempotencyKey: intentIdempotencyKey(order) },
      );
      if (!intent.client_secret) throw new Error(`Stripe gave no client secret for ${intent.id}.`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    retrieve,

    async cancel(intentId) {
      try {
        return toGatewayIntent(await stripe.paymentIntents.cancel(intentId));
      } catch (error) {
        // Already succeeded or already cancelled: say which, instead of failing.
        if (!isStripeError(error, 'payment_intent_unexpected_state')) throw error;
        const intent = await retrieve(intentId);
        if (!intent) throw error;
        return intent;
      }
    },

    async refund(intentId, options = {}) {
      const { amount, key } = options;
      try {
        const refund = await stripe.refunds.create(
          amount === undefined
            ? { payment_intent: intentId }
            : { payment_intent: intentId, amount },
          { idempotencyKey: key ?? `refund-${intentId}` },
        );
        return refund.id;
      } catch (error) {
        // A whole refund asked again: done already. A partial one must say it failed.
        if (amount === undefined && isStripeError(error, 'charge_already_refunded')) return null;
        throw error;
      }
    },

    parseWebhook: (rawBody, signature) =>
      parseStripeWebhook(options.webhookSecret, rawBody, signature),
  };
}
