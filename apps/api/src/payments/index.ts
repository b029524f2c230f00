import type { AppConfig } from '../config/config.js';
import type { Db } from '../db/client.js';
import type { PaymentGateway } from './gateway.js';
import { createSandboxGateway } from './sandbox.js';
import { createStripeGateway } from './stripe.js';

/** Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise (GET /config says which). */
export function createPaymentGateway(config: AppConfig, db: Db): PaymentGateway {
  const { secretKey, webhookSecret, apiBase } = config.stripe;
  return secretKey
    ? createStripeGateway({ secretKey, webhookSecret, apiBase })
    : createSandboxGateway(db, webhookSecret);
}
