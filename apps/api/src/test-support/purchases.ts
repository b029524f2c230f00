import { api, type Checkout, type CheckoutLine, type Purchase } from '@shop/shared';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.js';
import { inject } from './inject.js';
import { confirmSandbox, intentIdOf, type Shopper } from './shop.js';

/** Purchases as the purchase tests set them up: checked out, then paid as the payment page pays. */

/** The phone and ship-to address the purchase tests check out with. */
export const CONTACT = { number: '555-123-4567', address: '12 Harbour Road, Springfield' };

/**
 * `who` checks out these lines as one purchase (POST /checkout) with CONTACT and any `extra`
 * fields (PO, company, tax id). Fails the test unless it answers 201.
 */
export async function checkout(
  t: TestApp,
  who: Shopper,
  lines: CheckoutLine[],
  extra: Partial<Checkout> = {},
): Promise<Purchase> {
  const placed = await inject(
    t,
    api.purchases.checkout,
    { body: { lines, ...CONTACT, ...extra } },
    who,
  );
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json() as Purchase;
}

/**
 * Pays a purchase at the sandbox gateway and records the payment, as the payment page does.
 * Fails the test unless the shop records it; answers the purchase as paid (its invoice number).
 */
export async function payPurchase(t: TestApp, who: Shopper, purchaseId: string) {
  const intent = await inject(t, api.payments.createIntent, { body: { purchaseId } }, who);
  expect(intent.statusCode, intent.body).toBe(200);
  const secret = intent.json().clientSecret;
  const confirmed = await confirmSandbox(t, secret);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const paid = await inject(
    t,
    api.purchases.recordPayment,
    { params: { id: purchaseId }, body: { transactionId: intentIdOf(secret) } },
    who,
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json();
}

/** A purchase of these lines, checked out and paid by `who`. */
export async function paidPurchase(
  t: TestApp,
  who: Shopper,
  lines: CheckoutLine[],
  extra: Partial<Checkout> = {},
): Promise<Purchase> {
  const purchase = await checkout(t, who, lines, extra);
  return payPurchase(t, who, purchase._id);
}
