/**
 * How the sandbox gateway answers a card, following Stripe's test mode: only Stripe's published
 * test card numbers are taken. The ones that fail at Stripe fail here with Stripe's codes and
 * messages; any other number, even one that passes the Luhn check, is declined as Stripe's test
 * mode declines a real card. A shop left on the sandbox in production therefore cannot be
 * "paid" with a made-up number such as 0000 0000 0000 0000. Nothing here keeps or logs the number.
 * https://docs.stripe.com/testing
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
  velocityExceeded:
    'Your card was declined for making repeated attempts too frequently or exceeding its amount limit.',
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
  nonTestCard: 'Your card was declined. Your request was in test mode, but used a non test card.',
} as const;

const decline = (decline_code: string, message: string = cardMessages.declined): CardError => ({
  type: 'card_error',
  code: 'card_declined',
  decline_code,
  message,
});

/**
 * Stripe's published test cards that succeed: one or more per brand, the co-branded ones, and
 * those whose special behaviour (balance, pricing, address checks, disputes, refunds, elevated
 * risk) happens after a successful charge and so looks like success here.
 */
const succeedingTestCards = new Set([
  // By brand.
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '5105105105105100', // Mastercard (prepaid)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '6011000990139424', // Discover
  '6011981111111113', // Discover (debit)
  '3056930009020004', // Diners Club
  '36227206271667', // Diners Club (14 digits)
  '6555900000604105', // BCcard and DinaCard
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
  '6200000000000047', // UnionPay (debit)
  '6205500000000000004', // UnionPay (19 digits)
  // Co-branded.
  '4000002500001001', // Cartes Bancaires / Visa
  '5555552500001001', // Cartes Bancaires / Mastercard
  '4000050360000001', // eftpos Australia / Visa
  '5555050360000080', // eftpos Australia / Mastercard
  // Specific responses that still charge the card.
  '4000000000000077',
  '4000003720000278',
  '4000000000000093',
  '4000000000000010',
  '4000000000000028',
  '4000000000000036',
  '4000000000000044',
  '4000000000005126',
  '4000000000007726',
  '4000000000009235',
  '4000000000000259',
  '4000000000002685',
  '4000000000001976',
  '4000000000005423',
]);

/** Stripe's test cards that fail, by number. */
const testCardOutcomes: Record<string, CardError> = {
  '4000000000000002': decline('generic_decline'),
  '4000000000000341': decline('generic_decline'),
  '4000000000009995': decline('insufficient_funds', cardMessages.insufficientFunds),
  '4000000000009987': decline('lost_card'),
  '4000000000009979': decline('stolen_card'),
  '4100000000000019': decline('fraudulent'),
  '4000000000004954': decline('fraudulent'),
  '4000000000006975': decline('card_velocity_exceeded', cardMessages.velocityExceeded),
  // 3D Secure cards: the sandbox has no challenge page, so these fail as an unauthenticated
  // payment does at Stripe instead of passing without the check they exist to test.
  '4000002500003155': decline('authentication_required', cardMessages.authenticationRequired),
  '4000002760003184': decline('authentication_required', cardMessages.authenticationRequired),
  '4000008260003178': decline('authentication_required', cardMessages.authenticationRequired),
  '4000000000003220': decline('authentication_required', cardMessages.authenticationRequired),
  '4000000000003063': decline('authentication_required', cardMessages.authenticationRequired),
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
  // Its CVC check fails, which Stripe's default Radar rules block.
  '4000000000000101': {
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

/** Stripe test mode's answer to a real (or made-up) card number. */
const nonTestCard = decline('test_mode_live_card', cardMessages.nonTestCard);

/** Every number the sandbox knows; exported for the tests, which check each one's Luhn sum. */
export const publishedTestCards = [...succeedingTestCards, ...Object.keys(testCardOutcomes)];

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
  if (succeedingTestCards.has(number)) return null;
  return testCardOutcomes[number] ?? nonTestCard;
}
