/**
 * How the sandbox gateway answers a card, following Stripe's test mode: the published test cards
 * fail the way they fail at Stripe, with Stripe's codes and messages, and every other card number
 * that passes the Luhn check succeeds. Nothing here keeps or logs the number.
 * https://docs.stripe.com/testing#declined-payments
 */

export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CardError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
}

export const cardMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  invalidCvc: "Your card's security code is invalid.",
  incorrectNumber: 'Your card number is incorrect.',
  incompleteNumber: 'Your card number is incomplete.',
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
} as const;

const decline = (decline_code: string, message: string = cardMessages.declined): CardError => ({
  type: 'card_error',
  code: 'card_declined',
  decline_code,
  message,
});

/** Stripe's test cards that fail, by number. */
const testCardOutcomes: Record<string, CardError> = {
  '4000000000000002': decline('generic_decline'),
  '4000000000009995': decline('insufficient_funds', cardMessages.insufficientFunds),
  '4000000000009987': decline('lost_card'),
  '4000000000009979': decline('stolen_card'),
  '4100000000000019': decline('fraudulent'),
  '4000000000000069': {
    type: 'card_error',
    code: 'expired_card',
    decline_code: 'expired_card',
    message: cardMessages.expired,
  },
  '4000000000000127': {
    type: 'card_error',
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: cardMessages.incorrectCvc,
  },
  '4000000000000119': {
    type: 'card_error',
    code: 'processing_error',
    decline_code: 'processing_error',
    message: cardMessages.processingError,
  },
};

const invalid = (code: string, message: string): CardError => ({
  type: 'card_error',
  code,
  message,
});

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Null when the payment goes through, otherwise the error Stripe would answer. */
export function checkCard(card: SandboxCard, now: Date = new Date()): CardError | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || number.length < 12) {
    return invalid('incomplete_number', cardMessages.incompleteNumber);
  }
  if (number.length > 19 || !passesLuhn(number)) {
    return invalid('incorrect_number', cardMessages.incorrectNumber);
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return invalid('invalid_expiry_month', cardMessages.invalidExpiryMonth);
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < thisYear || year > thisYear + 50) {
    return invalid('invalid_expiry_year', cardMessages.invalidExpiryYear);
  }
  if (year === thisYear && card.expMonth < now.getUTCMonth() + 1) {
    return invalid('invalid_expiry_month', cardMessages.invalidExpiryMonth);
  }
  if (!/^\d{3,4}$/.test(card.cvc)) return invalid('invalid_cvc', cardMessages.invalidCvc);
  return testCardOutcomes[number] ?? null;
}
