import type { AppConfig } from '../config/config.js';

/** Stripe's secret and restricted keys of test mode; live ones start `sk_live_` / `rk_live_`. */
const STRIPE_TEST_KEY = /^[rs]k_test_/;

/**
 * The start log's line about payments (DESIGN section 8). A shop started without Stripe keys,
 * or with Stripe's test keys, takes no money: whoever reads the log must see that at once,
 * before they ship goods for orders marked paid.
 */
export function paymentMode({ stripe }: Pick<AppConfig, 'stripe'>): {
  testMode: boolean;
  message: string;
} {
  if (!stripe.secretKey) {
    return {
      testMode: true,
      message:
        "payments: TEST MODE (sandbox gateway): only Stripe's test cards are taken, no money moves; set STRIPE_SECRET_KEY to take real payments",
    };
  }
  if (STRIPE_TEST_KEY.test(stripe.secretKey)) {
    return {
      testMode: true,
      message: 'payments: TEST MODE (Stripe with a test key): no money moves',
    };
  }
  return { testMode: false, message: 'payments: Stripe, live mode' };
}
