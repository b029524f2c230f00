import { z } from 'zod';
import { idSchema, moneyAnswerSchema } from './answers.js';
import { LIMITS } from './constants.js';
import { isSafeText } from './fields.js';
import { messages } from './messages.js';
import { dollarsSchema } from './money-schema.js';
import { pageOf, pageQuerySchema } from './paging.js';
import { checkoutFieldsSchema, purchaseSchema, CHECKOUT_LINES_MAX } from './purchases.js';

/**
 * Quotes (issue 31, DESIGN section 9, docs/decisions/052): a buyer asks for a price on lines of
 * their choosing, the shop's admin answers with offers (versions, each a unit price per line, a
 * validity and a note), both write in one thread, and the buyer accepts the latest offer once:
 * it becomes a purchase at the offered prices through the one way to buy.
 */

/** A quote's page in the shop, for the buyer and the admin alike (the emails link to it). */
export const quotePagePath = (id: string) => `/dashboard/quotes/${id}`;

/** Lines one quote may carry: as many as a checkout. */
export const QUOTE_LINES_MAX = CHECKOUT_LINES_MAX;
export const QUOTE_MESSAGE_MAX = 2_000;
export const QUOTE_NOTE_MAX = 2_000;
/** How long an offer may run, from now. */
export const QUOTE_VALIDITY_DAYS_MAX = 366;
/** An offer's buyer and the shop's admins are mailed this many days before it expires. */
export const QUOTE_EXPIRY_NOTICE_DAYS = 2;

/**
 * `requested`: waiting for the shop's offer (first asked, or the buyer answered with new target
 * prices); `offered`: an offer waits for the buyer; `accepted`: it became a purchase; `declined`
 * by the buyer; `expired`: the latest offer's validity passed (read so, never stored).
 */
export const QUOTE_STATUSES = ['requested', 'offered', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const quoteMessages = {
  noLines: 'Please ask about at least one product.',
  tooManyLines: `A quote has at most ${QUOTE_LINES_MAX.toLocaleString('en-US')} lines.`,
  duplicateProduct: 'Each product once per quote: add the quantities together.',
  quantity: 'Please ask for a whole number of pieces, at least 1.',
  targetPrice: 'A target price is an amount in dollars with at most two decimals.',
  unitPrice: 'A unit price is an amount in dollars with at most two decimals.',
  message: `Please write a message of at most ${QUOTE_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  note: `Please keep the note to at most ${QUOTE_NOTE_MAX.toLocaleString('en-US')} characters.`,
  expiresAt: 'Please give the date and time the offer runs until (ISO 8601, with a time zone).',
  expiresInPast: 'An offer has to run until a moment in the future.',
  expiresTooLate: `An offer may run for at most ${QUOTE_VALIDITY_DAYS_MAX} days.`,
  status: `Status is one of ${QUOTE_STATUSES.join(', ')}.`,
  q: 'Please search with at most 200 characters.',
  productNotFound: 'This product is no longer sold.',
  /** 400: an offered quantity breaks the product's quantity rule (minimum, pack, maximum). */
  offerQuantity: (product: string, rule: string) => `${product}: ${rule}`,
  notFound: 'This quote does not exist.',
  notYours: 'This quote belongs to another company.',
  /** 403: a member who may see the company's quotes but not buy for it (an approver). */
  mayNotAccept: "Only the quote's requester, or a buyer or owner of its company, may do that.",
  /** 409s: the quote's state does not allow the step. */
  closed: (status: 'accepted' | 'declined') =>
    status === 'accepted'
      ? 'This quote has been accepted: it can no longer change.'
      : 'This quote has been declined: it can no longer change.',
  noOffer: 'There is no offer to accept yet.',
  expired: (on: string) => `This offer expired on ${on}: please ask for a new one.`,
  /** 409: two accepts at once; the other made the purchase. */
  acceptedAlready: 'This quote has been accepted already.',
  /** 409: the buyer accepted an older offer than the latest. */
  staleOffer: 'A newer offer has been made: please read it before accepting.',
  targetPriceLines: 'New target prices name products of this quote, each once.',
} as const;

const quantitySchema = z
  .number({ error: quoteMessages.quantity })
  .int(quoteMessages.quantity)
  .min(1, quoteMessages.quantity)
  .max(LIMITS.maxInt, quoteMessages.quantity);

const messageText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, message)
    .refine(isSafeText, messages.unsafeText);

const uniqueProducts = <T extends { productId: string }>(lines: T[]) =>
  new Set(lines.map((line) => line.productId)).size === lines.length;

const linesOf = <T extends z.ZodType<{ productId: string }>>(line: T) =>
  z
    .array(line, { error: quoteMessages.noLines })
    .min(1, quoteMessages.noLines)
    .max(QUOTE_LINES_MAX, quoteMessages.tooManyLines)
    .refine(uniqueProducts, quoteMessages.duplicateProduct);

/** POST /quotes. */
export const quoteRequestSchema = z.object({
  lines: linesOf(
    z.object({
      productId: idSchema,
      quantity: quantitySchema,
      /** Dollars per piece the buyer hopes for; none: "your best price". */
      targetPrice: dollarsSchema(quoteMessages.targetPrice).optional(),
    }),
  ),
  message: messageText(QUOTE_MESSAGE_MAX, quoteMessages.message).optional(),
  /** One of the buyer's company's ship-to locations: where the goods would go. */
  locationId: z.optional(idSchema),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

/** PUT /quote/{id}/offer. */
export const quoteOfferSchema = z.object({
  lines: linesOf(
    z.object({
      productId: idSchema,
      quantity: quantitySchema,
      /** Dollars per piece: any price the shop agrees to (0 for a free sample). */
      unitPrice: dollarsSchema(quoteMessages.unitPrice),
    }),
  ),
  expiresAt: z.iso.datetime({ offset: true, error: quoteMessages.expiresAt }),
  note: messageText(QUOTE_NOTE_MAX, quoteMessages.note).optional(),
});
export type QuoteOffer = z.input<typeof quoteOfferSchema>;

/** POST /quote/{id}/messages: text, and from the buyer new target prices for some lines. */
export const quoteMessageBodySchema = z.object({
  text: messageText(QUOTE_MESSAGE_MAX, quoteMessages.message),
  targetPrices: z
    .array(
      z.object({
        productId: idSchema,
        targetPrice: dollarsSchema(quoteMessages.targetPrice),
      }),
      { error: quoteMessages.targetPriceLines },
    )
    .max(QUOTE_LINES_MAX, quoteMessages.targetPriceLines)
    .refine(uniqueProducts, quoteMessages.targetPriceLines)
    .optional(),
});
export type QuoteMessageBody = z.input<typeof quoteMessageBodySchema>;

/**
 * PUT /quote/{id}/accept: the checkout's fields but the lines (they are the offer's): where it
 * ships, how, how it is paid, a PO number. Where it ships defaults to the quote's location.
 * `version` names the offer the buyer read: a newer one answers 409.
 */
export const quoteAcceptSchema = checkoutFieldsSchema.omit({ lines: true }).extend({
  version: z.number().int().min(1).max(LIMITS.maxInt).optional(),
});
export type QuoteAccept = z.input<typeof quoteAcceptSchema>;

/** GET /quotes?status=&q=&page=&limit=. */
export const quoteQuerySchema = pageQuerySchema.extend({
  status: z.enum(QUOTE_STATUSES, { error: quoteMessages.status }).optional(),
  q: z.string({ error: quoteMessages.q }).trim().max(200, quoteMessages.q).optional(),
});
export type QuoteQuery = z.output<typeof quoteQuerySchema>;

/** A line as the buyer asked for it, with what the catalogue would charge for it today. */
export const quoteRequestedLineSchema = z.object({
  productId: idSchema,
  productName: z.string(),
  sku: z.string(),
  quantity: z.int(),
  targetPrice: z.nullable(moneyAnswerSchema),
  /** Dollars per piece today: the list price, the volume price at this quantity, the company's contract price. */
  listPrice: z.nullable(moneyAnswerSchema),
  tierPrice: z.nullable(moneyAnswerSchema),
  contractPrice: z.nullable(moneyAnswerSchema),
});

export const quoteVersionSchema = z.object({
  version: z.int(),
  lines: z.array(
    z.object({
      productId: idSchema,
      productName: z.string(),
      quantity: z.int(),
      unitPrice: moneyAnswerSchema,
      /** Dollars: quantity times unit price. */
      total: moneyAnswerSchema,
    }),
  ),
  /** Dollars: the lines' totals, before shipping and tax (charged at acceptance). */
  subtotal: moneyAnswerSchema,
  expiresAt: z.string(),
  note: z.nullable(z.string()),
  createdAt: z.string(),
});
export type QuoteVersion = z.infer<typeof quoteVersionSchema>;

export const quoteMessageSchema = z.object({
  _id: idSchema,
  /** `buyer`: the requester's side; `shop`: the shop's admins. */
  from: z.enum(['buyer', 'shop']),
  author: z.string(),
  text: z.string(),
  targetPrices: z.array(z.object({ productId: idSchema, targetPrice: moneyAnswerSchema })),
  createdAt: z.string(),
});

export const quoteSummarySchema = z.object({
  _id: idSchema,
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  companyId: z.nullable(idSchema),
  companyName: z.nullable(z.string()),
  requester: z.object({ name: z.string(), email: z.string() }),
  lineCount: z.int(),
  /** The latest offer's subtotal in dollars and when it runs out; null before the first. */
  offerSubtotal: z.nullable(moneyAnswerSchema),
  expiresAt: z.nullable(z.string()),
  purchaseId: z.nullable(idSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteSchema = quoteSummarySchema.extend({
  locationId: z.nullable(idSchema),
  lines: z.array(quoteRequestedLineSchema),
  versions: z.array(quoteVersionSchema),
  messages: z.array(quoteMessageSchema),
  /** The purchase's number once accepted. */
  purchaseNumber: z.nullable(z.string()),
  /**
   * Why that purchase closed unbought, or null: `rejected` by an approver, `cancelled` (withdrawn,
   * every line cancelled, or its buyer left). The quote stays accepted; the buyer asks again.
   */
  purchaseClosed: z.nullable(z.enum(['rejected', 'cancelled'])),
});
export type Quote = z.infer<typeof quoteSchema>;

/** POST /quotes' answer (DESIGN section 9), the whole quote besides. */
export const quoteCreatedSchema = quoteSchema;

export const quoteListSchema = pageOf(quoteSummarySchema);
export type QuoteList = z.infer<typeof quoteListSchema>;

/** PUT /quote/{id}/accept's answer: the quote, accepted, and the purchase it became. */
export const quoteAcceptedSchema = quoteSchema.extend({ purchase: purchaseSchema });
export type QuoteAccepted = z.infer<typeof quoteAcceptedSchema>;
