import { api, type ProductInput, type SuccessOf } from '@shop/shared';
import type { LightMyRequestResponse as AnyAnswer } from 'fastify';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { products } from '../db/schema.js';
import { createProduct } from '../modules/catalog/service.js';
import { markEmailVerified } from '../modules/users/service.js';
import type { TestApp } from './build-test-app.js';
import { bearer, newUser, shopToken, signUp, type TestUser } from './identity.js';
import { inject, injectUnchecked } from './inject.js';

/** Helpers for the order and payment tests: people with shop tokens, products, orders. */

export const ADMIN_EMAIL = 'orderboss@example.com';
export const WEBHOOK_SECRET = 'whsec_test_secret_for_the_shop';

/** Test env for an order test app: an admin, no demo data, limits that 50 requests fit in. */
export const orderTestEnv = (env: Record<string, string> = {}) => ({
  SEED_DEMO_DATA: 'false',
  AUTH_SECRET: 'orders-test-secret-that-is-long-enough-0123',
  ADMIN_EMAILS: ADMIN_EMAIL,
  RATE_LIMIT_MAX: '100000',
  AUTH_RATE_LIMIT_MAX: '100000',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  // The order tests place dozens of orders as one customer; the tests of the limit itself
  // (orders/unpaid-limit.test.ts) set their own.
  UNPAID_ORDERS_MAX: '100000',
  ...env,
});

export interface Shopper extends TestUser {
  token: string;
  headers: { authorization: string };
}

/**
 * A signed-up person with a shop token, whose address is confirmed as the verification link would
 * (an admin right needs it, and an unverified account holds one unpaid purchase at most);
 * `verified: false` leaves it unconfirmed.
 */
export async function shopper(
  t: TestApp,
  overrides: Partial<TestUser> = {},
  { verified = true }: { verified?: boolean } = {},
): Promise<Shopper> {
  const { user, cookie } = await signUp(t, newUser(overrides));
  if (verified) await markEmailVerified(t.db, user.email);
  const token = await shopToken(t, user.email, cookie);
  return { ...user, token, headers: bearer(token) };
}

/** The ADMIN_EMAILS admin, with a verified address. */
export const adminShopper = (t: TestApp) =>
  shopper(t, { email: ADMIN_EMAIL, name: 'Olga Boss' }, { verified: true });

export async function addProduct(t: TestApp, fields: Partial<ProductInput> = {}) {
  return createProduct(t.db, {
    name: 'Test SSD 1TB',
    img: '/images/products/ssd.svg',
    description: 'A fast solid-state drive for business desktops.',
    price: 25,
    minimum: 1,
    available: 10,
    ...fields,
  });
}

export async function availableOf(t: TestApp, productId: string): Promise<number> {
  const [row] = await t.db
    .select({ available: products.available })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw new Error(`No product ${productId}`);
  return row.available;
}

export const orderBody = (productId: string, quantity: number, extra: object = {}) => ({
  productId,
  quantity,
  number: '+(555) 123-4567',
  address: '12 Harbour Road, Springfield',
  ...extra,
});

/**
 * POST /order with any body, so a test may send what the contract refuses. Its answer, like
 * those of the payment helpers below, is read untyped: the tests read error bodies as often.
 */
export function postOrder(t: TestApp, who: Shopper, body: object): Promise<AnyAnswer> {
  return injectUnchecked(t, api.orders.place, { body }, who);
}

/** Places an order that must succeed and answers it. */
export async function placeOrder(t: TestApp, who: Shopper, productId: string, quantity = 1) {
  const response = await postOrder(t, who, orderBody(productId, quantity));
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  const { order } = response.json<SuccessOf<typeof api.orders.place>>();
  if (!order) throw new Error(`the order waits for approval: ${response.body}`);
  return order;
}

export async function clientSecretFor(t: TestApp, who: Shopper, orderId: string) {
  const response = await inject(t, api.payments.createIntent, { body: { orderId, price: 1 } }, who);
  if (response.statusCode !== 200) throw new Error(`intent failed: ${response.body}`);
  return response.json().clientSecret;
}

export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

export const card = (number = '4242424242424242', extra: object = {}) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
  ...extra,
});

export function confirmSandbox(
  t: TestApp,
  clientSecret: string,
  cardFields = card(),
): Promise<AnyAnswer> {
  // Any card fields: the payment tests send wrong ones on purpose.
  return injectUnchecked(t, api.payments.sandboxConfirm, {
    body: {
      clientSecret,
      card: cardFields,
      billingDetails: { name: 'PAT BUYER', email: 'pat@example.com' },
    },
  });
}

export function recordPayment(
  t: TestApp,
  who: Shopper,
  orderId: string,
  transactionId: string,
): Promise<AnyAnswer> {
  return inject(
    t,
    api.orders.recordPayment,
    { params: { id: orderId }, body: { _id: orderId, transactionId } },
    who,
  );
}

/** A `payment_intent.succeeded` event as Stripe sends it, signed with the test secret. */
export function signedIntentEvent(
  intent: {
    id: string;
    amount: number;
    currency?: string;
    orderId: string | null;
    /** A purchase's intent names its purchase instead of an order. */
    purchaseId?: string;
    /** A card payment of invoices on account names its invoice payment. */
    invoicePaymentId?: string;
    livemode?: boolean;
  },
  { secret = WEBHOOK_SECRET, type = 'payment_intent.succeeded' } = {},
) {
  const payload = JSON.stringify({
    id: `evt_${intent.id.slice(3)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        currency: intent.currency ?? 'usd',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        metadata: intent.invoicePaymentId
          ? { invoicePaymentId: intent.invoicePaymentId }
          : intent.purchaseId
            ? { purchaseId: intent.purchaseId }
            : intent.orderId
              ? { orderId: intent.orderId }
              : {},
        client_secret: `${intent.id}_secret_x`,
        livemode: intent.livemode ?? false,
      },
    },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

export function postWebhook(t: TestApp, payload: string, signature?: string): Promise<AnyAnswer> {
  // The bytes as Stripe signed them, not a JSON body the contract could build.
  return injectUnchecked(
    t,
    api.payments.stripeWebhook,
    { body: payload },
    {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
    },
  );
}
