import type { PublicConfig } from '@shop/shared';
import type { AppConfig } from '../../config/config.js';

/** The settings the web app may know. Secrets never leave the server. */
export function publicConfig(config: AppConfig): PublicConfig {
  const stripe = Boolean(config.stripe.secretKey);
  return {
    shopName: config.shopName,
    payment: {
      gateway: stripe ? 'stripe' : 'sandbox',
      publishableKey: stripe ? (config.stripe.publishableKey ?? null) : null,
    },
    googleEnabled: Boolean(config.google.clientId && config.google.clientSecret),
  };
}
