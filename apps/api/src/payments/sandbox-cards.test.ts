import { describe, expect, it } from 'vitest';
import { cardMessages, checkCard, passesLuhn } from './sandbox-cards.js';

const now = new Date('2026-06-15T12:00:00Z');
const good = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

describe('the sandbox card rules', () => {
  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
  });

  it('lets 4242 4242 4242 4242 and other valid numbers through', () => {
    expect(checkCard(good, now)).toBeNull();
    expect(checkCard({ ...good, number: '4242 4242 4242 4242' }, now)).toBeNull();
    expect(checkCard({ ...good, number: '5555-5555-5555-4444' }, now)).toBeNull();
    expect(checkCard({ ...good, expYear: 30 }, now)).toBeNull();
    expect(checkCard({ ...good, expYear: 2026, expMonth: 6 }, now)).toBeNull();
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
  ])('refuses %j with %s', (fields, code, message) => {
    expect(checkCard({ ...good, ...fields }, now)).toMatchObject({
      type: 'card_error',
      code,
      message,
    });
  });
});
