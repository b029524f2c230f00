import { z } from 'zod';
import { idSchema, moneyAnswerSchema } from './answers.js';
import { LIMITS } from './constants.js';
import { isSafeText } from './fields.js';
import { messages } from './messages.js';

/**
 * Credit notes (issue 29 item 5, DESIGN section 9, docs/decisions/039): the admin gives back all
 * or part of a paid purchase. A note has its own gapless number (CN-<year>-<5 digits>), credits
 * whole pieces of the purchase's lines at the prices, shipping shares and tax they were charged,
 * and refunds that amount to the card that paid them.
 */

/** Lines one credit note may name: as many as a shipment. */
export const CREDIT_NOTE_LINES_MAX = 2_000;
export const CREDIT_NOTE_REASON_MAX = 500;

export const creditNoteMessages = {
  noLines: 'Please choose at least one line to credit.',
  duplicateLine: 'Each line once per credit note: add the quantities together.',
  quantity: 'Please credit a whole number of pieces, at least 1.',
  reason: `Please say why, in at most ${CREDIT_NOTE_REASON_MAX} characters.`,
  notInvoiced: 'Only a paid (invoiced) purchase can be credited.',
  notInPurchase: 'This line is not part of this purchase.',
  /** 409: more pieces than are left uncredited on the line. */
  tooMany: (productName: string, left: number) =>
    left === 0
      ? `${productName} has been credited in full already.`
      : `Only ${left} of ${productName} ${left === 1 ? 'is' : 'are'} left to credit.`,
  notFound: 'This credit note does not exist.',
  notYours: 'This credit note is not about a purchase of yours.',
} as const;

/** POST /purchase/{id}/credit-notes. */
export const creditNoteBodySchema = z.object({
  lines: z
    .array(
      z.object({
        orderId: idSchema,
        /** Pieces to credit; all that are left uncredited when left out. */
        quantity: z
          .number({ error: creditNoteMessages.quantity })
          .int(creditNoteMessages.quantity)
          .min(1, creditNoteMessages.quantity)
          .max(LIMITS.maxInt, creditNoteMessages.quantity)
          .optional(),
      }),
      { error: creditNoteMessages.noLines },
    )
    .min(1, creditNoteMessages.noLines)
    .max(CREDIT_NOTE_LINES_MAX, creditNoteMessages.noLines)
    .refine(
      (lines) => new Set(lines.map((line) => line.orderId)).size === lines.length,
      creditNoteMessages.duplicateLine,
    ),
  /** Credit the lines' shipping shares too (in proportion to the pieces credited). */
  shipping: z.boolean({ error: 'shipping is true or false.' }).optional().default(false),
  /** Put the credited pieces back in stock (goods returned unused). */
  restock: z.boolean({ error: 'restock is true or false.' }).optional().default(false),
  reason: z
    .string({ error: creditNoteMessages.reason })
    .trim()
    .min(1, creditNoteMessages.reason)
    .max(CREDIT_NOTE_REASON_MAX, creditNoteMessages.reason)
    .refine(isSafeText, messages.unsafeText),
});
export type CreditNoteBody = z.input<typeof creditNoteBodySchema>;

export const CREDIT_NOTE_REFUND_STATUSES = ['pending', 'refunded', 'failed', 'none'] as const;
export type CreditNoteRefundStatus = (typeof CREDIT_NOTE_REFUND_STATUSES)[number];

export const creditNoteLineSchema = z.object({
  orderId: idSchema,
  productName: z.string(),
  quantity: z.int(),
  /** Dollars per piece, as the line was charged. */
  unitPrice: moneyAnswerSchema,
  /** Dollars: quantity times the unit price. */
  net: moneyAnswerSchema,
  /** Dollars: the part of the line's shipping share credited (0 unless asked). */
  shipping: moneyAnswerSchema,
  /** Dollars: the tax credited, at the purchase's rate. */
  tax: moneyAnswerSchema,
});

export const creditNoteSchema = z.object({
  _id: idSchema,
  /** CN-<year>-<5 digits>, gapless within a year. */
  number: z.string(),
  purchaseId: idSchema,
  purchaseNumber: z.string(),
  /** The invoice it reverses (part of). */
  invoiceNumber: z.string(),
  reason: z.string(),
  lines: z.array(creditNoteLineSchema),
  subtotal: moneyAnswerSchema,
  shipping: moneyAnswerSchema,
  tax: moneyAnswerSchema,
  /** Dollars: `subtotal + shipping + tax`, what is given back. */
  total: moneyAnswerSchema,
  currency: z.string(),
  /**
   * The card refund: `pending` while the gateway is asked, `refunded`, `failed` (the admin
   * retries), or `none` when nothing was paid by card (a free line).
   */
  refundStatus: z.enum(CREDIT_NOTE_REFUND_STATUSES),
  createdAt: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const creditNoteListSchema = z.object({ items: z.array(creditNoteSchema) });
export type CreditNoteList = z.infer<typeof creditNoteListSchema>;
