/**
 * Payment terms and methods as plain constants, with no zod: the Buy Now page and the cart read
 * them in their first load (docs/decisions/037 keeps zod out of it). The schemas are accounts.ts's.
 */

/** `card`: no account, every purchase is paid by card. `netN`: invoices due N days after issue. */
export const PAYMENT_TERMS = ['card', 'net15', 'net30', 'net45', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

/** How pages, emails and the audit log name the terms. */
export const paymentTermsLabels: Record<PaymentTerms, string> = {
  card: 'Card',
  net15: 'Net 15',
  net30: 'Net 30',
  net45: 'Net 45',
  net60: 'Net 60',
};

/**
 * How a purchase is paid (checkout's and Buy Now's `paymentMethod`): `card` (the default), or
 * `account` for a member of a company with net terms: confirmed at once, invoiced with a due date,
 * charged to the company's credit.
 */
export const PAYMENT_METHODS = ['card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Days from an invoice on account to its due date, by terms. */
export const TERMS_DAYS: Record<Exclude<PaymentTerms, 'card'>, number> = {
  net15: 15,
  net30: 30,
  net45: 45,
  net60: 60,
};
