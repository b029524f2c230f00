import { describe, expect, it } from 'vitest';
import { paymentMode } from './mode.js';

describe('the start log line about payments', () => {
  it('says test mode for the sandbox gateway', () => {
    expect(paymentMode({ stripe: {} })).toEqual({
      testMode: true,
      message: expect.stringMatching(/^payments: TEST MODE \(sandbox gateway\)/),
    });
  });

  it('says test mode for Stripe with a test key, secret or restricted', () => {
    for (const secretKey of ['sk_test_abc', 'rk_test_abc']) {
      expect(paymentMode({ stripe: { secretKey } })).toEqual({
        testMode: true,
        message: 'payments: TEST MODE (Stripe with a test key): no money moves',
      });
    }
  });

  it('says live for Stripe with a live key', () => {
    expect(paymentMode({ stripe: { secretKey: 'sk_live_abc' } })).toEqual({
      testMode: false,
      message: 'payments: Stripe, live mode',
    });
  });
});
