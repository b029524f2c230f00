import { describe, expect, it } from 'vitest';
import { cardMessages, checkCard, passesLuhn, publishedTestCards } from './sandbox-cards.js';

const now = new Date('2026-06-15T12:00:00Z');
const good = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

describe('the sandbox card rules', () => {
  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
  });

  it("lets Stripe's published test cards that succeed through", () => {
    expect(checkCard(good, now)).toBeNull();
    expect(checkCard({ ...good, number: '4242 4242 4242 4242' }, now)).toBeNull();
    expect(checkCard({ ...good, number: '4000 0566 5566 5556' }, now)).toBeNull();
    expect(checkCard({ ...good, number: '5555-5555-5555-4444' }, now)).toBeNull();
    expect(checkCard({ ...good, number: '3782 822463 10005', cvc: '1234' }, now)).toBeNull();
    expect(checkCard({ ...good, number: '6011111111111117' }, now)).toBeNull();
    expect(checkCard({ ...good, number: '6205500000000000004' }, now)).toBeNull();
    expect(checkCard({ ...good, expYear: 30 }, now)).toBeNull();
    expect(checkCard({ ...good, expYear: 2026, expMonth: 6 }, now)).toBeNull();
  });

  // A number copied wrongly from Stripe's list would never be typed by anyone: it would fail
  // the Luhn check before the list is read.
  it('knows only numbers that pass the Luhn check', () => {
    expect(publishedTestCards.length).toBeGreaterThan(40);
    expect(publishedTestCards.filter((number) => !passesLuhn(number))).toEqual([]);
  });

  // Without this, anyone could pay a shop left on the sandbox with a made-up number.
  it.each([
    '0000 0000 0000 0000',
    '5454 5454 5454 5454',
    '4000 1234 1234 1234',
    '4242 4242 4242 4267',
  ])('declines %s, a number that passes the Luhn check but is no Stripe test card', (number) => {
    expect(passesLuhn(number.replace(/ /g, ''))).toBe(true);
    expect(checkCard({ ...good, number }, now)).toEqual({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'test_mode_live_card',
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
    });
  });

  it.each([
    [{ number: '4242' }, 'incomplete_number', cardMessages.incompleteNumber],
    [{ number: 'abcd efgh ijkl mnop' }, 'incomplete_number', cardMessages.incompleteNumber],
    [{ number: '4242424242424241' }, 'incorrect_number', cardMessages.incorrectNumber],
    [{ expYear: 2025 }, 'invalid_expiry_year', cardMessages.invalidExpiryYear],
    [{ expYear: 25 }, 'invalid_expiry_year', cardMessages.invalidExpiryYear],
    [{ expYear: 2026, expMonth: 5 }, 'invalid_expiry_month', cardMessages.invalidExpiryMonth],
    [{ expMonth: 0 }, 'invalid_expiry_month', cardMessages.invalidExpiryMonth],
    [{ cvc: '1a3' }, 'invalid_cvc', cardMessages.invalidCvc],
    [{ number: '4000000000000002' }, 'card_declined', 'Your card was declined.'],
    [{ number: '4000000000009995' }, 'card_declined', 'Your card has insufficient funds.'],
    [{ number: '4000000000000069' }, 'expired_card', 'Your card has expired.'],
    [{ number: '4000000000000127' }, 'incorrect_cvc', "Your card's security code is incorrect."],
    [{ number: '4000000000006975' }, 'card_declined', cardMessages.velocityExceeded],
    [{ number: '4000002500003155' }, 'card_declined', cardMessages.authenticationRequired],
    [
      { number: '0000 0000 0000 0000', expYear: 2025 },
      'invalid_expiry_year',
      cardMessages.invalidExpiryYear,
    ],
  ])('refuses %j with %s', (fields, code, message) => {
    expect(checkCard({ ...good, ...fields }, now)).toMatchObject({
      type: 'card_error',
      code,
      message,
    });
  });
});
