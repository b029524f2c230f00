import { z } from 'zod';
import { postalAddressAnswerSchema, postalAddressSchema } from './addresses.js';
import { idSchema, moneyAnswerSchema } from './answers.js';
import { apiErrorSchema } from './common.js';
import { calendarDateSchema } from './dates.js';
import { LIMITS } from './constants.js';
import { paymentMethodSchema } from './accounts.js';
import { PAYMENT_TERMS } from './payment-terms.js';
import { addressSchema, isOneLine, isSafeText, phoneSchema } from './fields.js';
import { messages } from './messages.js';
import { syncAnswerShape, syncQueryShape } from './sync.js';
import { formatCents } from './money.js';
import { formatNumber } from './number-text.js';
import { orderSchema } from './orders.js';
import { pageOf, pageQuerySchema } from './paging.js';

/**
 * Purchases (DESIGN section 8): what a business buys in one go. A purchase has a human number
 * (PW-000123), the buyer's PO number, company and tax id, and one line per product; each line is
 * a SPEC order carrying `purchaseId` and `purchaseNumber`. POST /order makes a purchase of one line.
 */

/** Lines in one checkout. */
export const CHECKOUT_LINES_MAX = 2_000;
/** A purchase order number: EDI's and most purchasing systems' longest (35 characters). */
export const PO_NUMBER_MAX = 35;
export const COMPANY_MAX = 120;
/** VAT numbers run to 14 characters and EINs to 10; room for spaces and a country prefix. */
export const TAX_ID_MAX = 32;
export const CARRIER_MAX = 60;
export const TRACKING_NUMBER_MAX = 60;

export const purchaseMessages = {
  noLines: 'Your cart is empty: add at least one product.',
  tooManyLines: `At most ${formatNumber(CHECKOUT_LINES_MAX)} lines per purchase: please split it.`,
  duplicateProduct: 'Each product once per purchase: add the quantities together.',
  linesRefused: 'Some lines cannot be ordered as they are: see each line.',
  /** `total` and `max` in cents. */
  totalTooHigh: (total: number, max: number) =>
    `The purchase total of ${formatCents(total)} is above the card payment limit of ` +
    `${formatCents(max)}. Please split it into smaller purchases.`,
  poNumber: `Please give a PO number of at most ${PO_NUMBER_MAX} characters.`,
  company: `Please give a company name of at most ${COMPANY_MAX} characters.`,
  taxId: `Please give a tax id of at most ${TAX_ID_MAX} characters.`,
  carrier: `Please give a carrier of at most ${CARRIER_MAX} characters.`,
  trackingNumber: `Please give a tracking number of at most ${TRACKING_NUMBER_MAX} characters.`,
  notFound: 'This purchase does not exist.',
  notYours: 'This purchase is not yours.',
  notPaid: 'The invoice is made once the purchase is paid.',
  nothingToPay: 'Every line of this purchase is paid already.',
  awaitingApproval:
    'This purchase is waiting for approval by your company: it can be paid once approved.',
  changed: 'The purchase changed while the payment was being prepared: please try again.',
  closed: 'This purchase was rejected or cancelled: it can no longer be paid.',
  notWaiting:
    'Only a purchase waiting for approval can be withdrawn: cancel an unpaid line on its own.',
  withdrawn: 'Request withdrawn: the purchase is kept as cancelled.',
  unverifiedHold:
    'Please verify your email address first: until then you may hold one unpaid purchase at a time.',
  noAddress: 'Please give the delivery address: pick a saved location or type the address.',
  tooManyAwaiting: (max: number) =>
    `You have ${max} purchases waiting for approval: please wait until some are decided.`,
} as const;

/**
 * Optional text of one line from a form (a PO number, company, tax id, carrier, tracking number):
 * trimmed, and an empty field is no value (null). Refuses tabs, line breaks and every other
 * control character.
 */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine(isOneLine, messages.oneLine)
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);

export const poNumberSchema = optionalText(PO_NUMBER_MAX, purchaseMessages.poNumber);
export const companySchema = optionalText(COMPANY_MAX, purchaseMessages.company);
export const taxIdSchema = optionalText(TAX_ID_MAX, purchaseMessages.taxId);
/** A billing or shipping address kept in the profile: SPEC's address rule, or empty. */
export const optionalAddressSchema = addressSchema
  .or(z.literal(''))
  .nullish()
  .transform((value) => (value ? value.trim() : null));

export const checkoutLineSchema = z.object({
  productId: idSchema,
  quantity: z.number().int().max(LIMITS.maxInt),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

/**
 * Body of POST /checkout (`checkoutFieldsSchema`'s fields, for forms that pick some, with the
 * rule that ties them). `number` and `address` are SPEC's phone and address rules. Where it
 * ships (issue 29): `locationId` (one of the buyer's company's locations), else `shipTo` (a
 * structured address), else SPEC's one-line `address`; at least one of them. The first given is
 * the one used (docs/decisions/034).
 */
export const checkoutFieldsSchema = z.object({
  lines: z
    .array(checkoutLineSchema, { error: purchaseMessages.noLines })
    .min(1, purchaseMessages.noLines)
    .max(CHECKOUT_LINES_MAX, purchaseMessages.tooManyLines)
    .refine(
      (lines) => new Set(lines.map((line) => line.productId)).size === lines.length,
      purchaseMessages.duplicateProduct,
    ),
  number: phoneSchema,
  address: addressSchema.optional(),
  locationId: z.optional(idSchema),
  shipTo: postalAddressSchema.optional(),
  /** A shipping method's `_id` (GET /shipping-methods); default: the cheapest that serves it. */
  shippingMethod: z.optional(idSchema),
  /** `card` (default) or `account` (a member of a company with net terms, issue 30). */
  paymentMethod: paymentMethodSchema,
  poNumber: poNumberSchema,
  company: companySchema,
  taxId: taxIdSchema,
});
export const checkoutSchema = checkoutFieldsSchema.refine(
  (input) =>
    input.locationId !== undefined || input.shipTo !== undefined || input.address !== undefined,
  { message: purchaseMessages.noAddress, path: ['address'] },
);
export type Checkout = z.input<typeof checkoutSchema>;

/** 409 of POST /checkout: nothing was ordered, and each line that stopped it says why. */
export const checkoutRefusedSchema = apiErrorSchema.extend({
  lines: z.array(z.object({ productId: idSchema, message: z.string() })),
});
export type CheckoutRefused = z.infer<typeof checkoutRefusedSchema>;

/**
 * A purchase's state (docs/glossary.md): `awaiting_approval` while a company's approver has to
 * approve it (it holds no stock and has no orders yet), `unpaid` while any line is unpaid, `paid`
 * once every line is, `on_account` when bought on account and its invoice is not yet paid in
 * full (confirmed, shippable: docs/decisions/044), `partially_shipped` once some pieces have shipped and others not,
 * `shipped` once every line has shipped; `rejected` by an approver (or after
 * APPROVAL_DAYS), `cancelled` when its buyer left the company or every line was cancelled. The
 * last two are kept, so nobody's history loses a purchase.
 */
export const PURCHASE_STATUSES = [
  'awaiting_approval',
  'unpaid',
  'paid',
  'on_account',
  'partially_shipped',
  'shipped',
  'rejected',
  'cancelled',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** My Orders' filter words (issue 28): one message for a status the list does not know. */
export const purchaseFilterMessages = {
  status: `Status is one of ${PURCHASE_STATUSES.join(', ')}.`,
  q: 'Please search with at most 200 characters.',
} as const;

/**
 * GET /purchases' filter (issue 28, My Orders): `status`, one purchase status, and `q`, matched
 * case-insensitively against the purchase number, the PO number and the lines' product names.
 * The server filters, so a page and its total are the filtered ones.
 */
export const purchaseFilterSchema = z.object({
  status: z.enum(PURCHASE_STATUSES, { error: purchaseFilterMessages.status }).optional(),
  q: z
    .string({ error: purchaseFilterMessages.q })
    .trim()
    .max(200, purchaseFilterMessages.q)
    .refine(isSafeText, messages.unsafeText)
    .optional(),
});
export type PurchaseFilter = z.infer<typeof purchaseFilterSchema>;

/**
 * The one set of words for a purchase's status (docs/glossary.md), on every badge, filter, CSV
 * and the Overview. SPEC's line words (Unpaid, Pending, Shipping) stay on SPEC's line controls.
 */
export const PURCHASE_STATUS_LABELS: Record<PurchaseStatus, string> = {
  awaiting_approval: 'Waiting for approval',
  unpaid: 'Waiting for payment',
  paid: 'Paid',
  on_account: 'On account',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  rejected: 'Not approved',
  cancelled: 'Cancelled',
};

/** A line of a purchase awaiting approval. */
export const awaitingLineSchema = z.object({
  productId: idSchema,
  productName: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  unitPrice: moneyAnswerSchema,
  price: moneyAnswerSchema,
  shippingCharge: moneyAnswerSchema,
  tax: moneyAnswerSchema,
});
export type AwaitingLine = z.infer<typeof awaitingLineSchema>;

/** One parcel of a purchase: what shipped together, with its carrier and tracking number. */
export const shipmentSchema = z.object({
  _id: idSchema,
  shippedAt: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  lines: z.array(z.object({ orderId: idSchema, quantity: z.number().int() })),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** The shipping method a purchase is priced with. */
export const chosenMethodSchema = z.object({
  _id: idSchema,
  name: z.string(),
  carrier: z.string(),
  days: z.object({ min: z.number().int(), max: z.number().int() }),
});

/** One rate's tax on a purchase: its name ("VAT DE 19 %"), rate, taxed base and amount. */
export const taxLineSchema = z.object({
  name: z.string(),
  rate: z.number(),
  base: moneyAnswerSchema,
  amount: moneyAnswerSchema,
});
export type TaxLineAnswer = z.infer<typeof taxLineSchema>;

/**
 * POST /checkout/preview (issue 29): what POST /checkout with the same body would charge, line by
 * line, without placing anything: the cart and Buy Now show the total the buyer will pay, and
 * the shipping methods to choose from with their prices.
 */
export const checkoutPreviewSchema = z.object({
  lines: z.array(
    z.object({
      productId: idSchema,
      quantity: z.number().int(),
      unitPrice: moneyAnswerSchema,
      price: moneyAnswerSchema,
      shippingCharge: moneyAnswerSchema,
      tax: moneyAnswerSchema,
    }),
  ),
  subtotal: moneyAnswerSchema,
  shipping: moneyAnswerSchema,
  tax: moneyAnswerSchema,
  total: moneyAnswerSchema,
  currency: z.string(),
  shippingMethod: chosenMethodSchema.nullable(),
  /** Every method that takes this parcel there, priced for it, cheapest first. */
  shippingOptions: z.array(chosenMethodSchema.extend({ price: moneyAnswerSchema })),
  taxLines: z.array(taxLineSchema),
  reverseCharge: z.boolean(),
  taxNote: z.string().nullable(),
});
export type CheckoutPreview = z.infer<typeof checkoutPreviewSchema>;

/**
 * A purchase as every purchase endpoint answers it. `number` is the purchase number
 * (PW-000123); the phone, which SPEC's orders call `number`, is `phone` here.
 */
export const purchaseSchema = z.object({
  _id: idSchema,
  number: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Where it ships, on one line (SPEC's field): `shipTo`'s one-line form when there is one. */
  address: z.string(),
  /** Where it ships, structured (issue 29); null for a purchase given only the one-line address. */
  shipTo: postalAddressAnswerSchema.nullable(),
  poNumber: z.string().nullable(),
  /** The quote it was accepted from (issue 31): its number, and the quote's id. */
  quoteNumber: z.string().nullable(),
  quoteId: z.nullable(idSchema),
  company: z.string().nullable(),
  taxId: z.string().nullable(),
  orders: z.array(orderSchema),
  /**
   * The lines of a purchase awaiting approval, priced when it was made; they become its orders
   * when it is approved. Empty otherwise.
   */
  awaitingLines: z.array(awaitingLineSchema),
  /** The company the buyer bought for, when a member of one. */
  companyId: z.nullable(idSchema),
  billingAddress: z.string().nullable(),
  /** Dollars: the goods, each line's quantity times its unit price, added up. */
  subtotal: moneyAnswerSchema,
  /** Dollars: what shipping costs (0 when free, or when the shop sets up no methods). */
  shipping: moneyAnswerSchema,
  /** Dollars: every tax line's amount added up. */
  tax: moneyAnswerSchema,
  /** Dollars: `subtotal + shipping + tax`, what the buyer pays. */
  total: moneyAnswerSchema,
  /** What is left to pay: the unpaid lines' totals, with their shipping and tax. */
  unpaidTotal: moneyAnswerSchema,
  /** The currency of every amount: SHOP_CURRENCY. */
  currency: z.string(),
  /** How it is paid: `card`, or the company's net terms when bought on account (issue 30). */
  paymentTerms: z.enum(PAYMENT_TERMS),
  /**
   * When the invoice falls due: the invoice's day for a card purchase, the day its terms give for
   * one on account; null until invoiced.
   */
  dueDate: z.string().nullable(),
  /** What is left to pay of its invoice on account (dollars); 0 for a card purchase. */
  amountDue: moneyAnswerSchema,
  /** The method it ships by, as it was when priced; null for none. */
  shippingMethod: chosenMethodSchema.nullable(),
  /** Its tax, by rate: what the invoice prints. Empty when no tax applies (an export, say). */
  taxLines: z.array(taxLineSchema),
  /** EU reverse charge: no VAT charged, the buyer accounts for it (the invoice says so). */
  reverseCharge: z.boolean(),
  /** Words the invoice carries about its tax: the reverse-charge note, or why none is charged. */
  taxNote: z.string().nullable(),
  status: z.enum(PURCHASE_STATUSES),
  /** When its last line was paid; null while any line is unpaid. */
  paidAt: z.string().nullable(),
  /** When its last line shipped; null until every line has. */
  shippedAt: z.string().nullable(),
  /** Its parcels, oldest first (none until something has shipped). */
  shipments: z.array(shipmentSchema),
  /** INV-<year>-<5 digits>, given once when the purchase is paid. */
  invoiceNumber: z.string().nullable(),
  /** Why an approver rejected it (status `rejected`); null otherwise or when none was given. */
  rejectionReason: z.string().nullable(),
  /**
   * What an owner or approver decides by (issue 28), on a purchase waiting for approval read by
   * one of them (GET /approvals, GET /purchase/{id}): the buyer's monthly limit (null: none) and
   * what the buyer has spent for the company this calendar month. Absent for everyone else.
   */
  buyerSpending: z
    .object({
      spendingLimit: z.nullable(moneyAnswerSchema),
      spentThisMonth: moneyAnswerSchema,
    })
    .optional(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export type BuyerSpending = NonNullable<Purchase['buyerSpending']>;

/** Body of PUT /purchase/{id}/pay: the gateway's payment intent id. */
export const payPurchaseSchema = z.object({
  transactionId: z.string().trim().min(1).max(255),
});

/** Body of PUT /shipping/{id}: optional, as SPEC's call sends none. */
export const shipOrderSchema = z
  .object({
    carrier: optionalText(CARRIER_MAX, purchaseMessages.carrier),
    trackingNumber: optionalText(TRACKING_NUMBER_MAX, purchaseMessages.trackingNumber),
  })
  // No body at all arrives as null.
  .nullish();
export type ShipOrder = z.input<typeof shipOrderSchema>;

/** The largest number of lines one shipment names: a purchase's most. */
export const SHIPMENT_LINES_MAX = CHECKOUT_LINES_MAX;

export const shipmentMessages = {
  noLines: 'Please choose at least one line to ship.',
  duplicateLine: 'Each line once per shipment: add the quantities together.',
  quantity: 'Please ship a whole number of pieces, at least 1.',
  notShippable: 'Only a paid purchase can be shipped.',
  alreadyShipped: 'Every line of this purchase has shipped already.',
  notInPurchase: 'This line is not part of this purchase.',
  /** 400: more pieces than are left to ship of the line. */
  tooMany: (productName: string, left: number) =>
    `Only ${left} of ${productName} ${left === 1 ? 'is' : 'are'} left to ship.`,
  lineShipped: (productName: string) => `${productName} has shipped already.`,
} as const;

/**
 * Body of PUT /purchase/{id}/ship: the carrier and tracking number of the parcel and, to ship
 * part of the purchase, its lines (no quantity: the rest of the line). No lines: everything
 * left to ship.
 */
export const shipPurchaseSchema = z
  .object({
    carrier: optionalText(CARRIER_MAX, purchaseMessages.carrier),
    trackingNumber: optionalText(TRACKING_NUMBER_MAX, purchaseMessages.trackingNumber),
    lines: z
      .array(
        z.object({
          orderId: idSchema,
          quantity: z
            .number({ error: shipmentMessages.quantity })
            .int(shipmentMessages.quantity)
            .min(1, shipmentMessages.quantity)
            .max(LIMITS.maxInt, shipmentMessages.quantity)
            .optional(),
        }),
        { error: shipmentMessages.noLines },
      )
      .min(1, shipmentMessages.noLines)
      .max(SHIPMENT_LINES_MAX, purchaseMessages.tooManyLines)
      .refine(
        (lines) => new Set(lines.map((line) => line.orderId)).size === lines.length,
        shipmentMessages.duplicateLine,
      )
      .optional(),
  })
  .nullish();
export type ShipPurchase = z.input<typeof shipPurchaseSchema>;

/** Manage All Orders' filter: GET /admin/orders and GET /admin/orders.csv. */
export const ADMIN_ORDER_STATUSES = ['unpaid', 'paid', 'shipped'] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];
/**
 * The filter's and the CSV's words for a line (docs/glossary.md): Paid until every piece has
 * shipped, a line partly shipped included. SPEC's Pending and Shipping stay on SPEC's controls.
 */
export const ADMIN_ORDER_STATUS_LABELS: Record<AdminOrderStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
};
export const adminOrderStatusOf = (line: { paid: boolean; shipping: boolean }): AdminOrderStatus =>
  !line.paid ? 'unpaid' : line.shipping ? 'shipped' : 'paid';
export const adminOrderFilterSchema = z.object({
  status: z.enum(ADMIN_ORDER_STATUSES, { error: 'Status is unpaid, paid or shipped.' }).optional(),
  q: z
    .string()
    .trim()
    .max(200, 'Please search with at most 200 characters.')
    .refine(isSafeText, messages.unsafeText)
    .optional(),
  /** Paid on or after / on or before these days of the shop (the Overview's bars link here). */
  paidFrom: calendarDateSchema.optional(),
  paidTo: calendarDateSchema.optional(),
});
export const adminOrderQuerySchema = adminOrderFilterSchema
  .extend(pageQuerySchema.shape)
  .extend(syncQueryShape);
export type AdminOrderQuery = z.input<typeof adminOrderQuerySchema>;

/** An order as the admin sees it: with the purchase's PO number and company. */
export const adminOrderSchema = orderSchema.extend({
  poNumber: z.string().nullable(),
  company: z.string().nullable(),
  taxId: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderPageSchema = pageOf(adminOrderSchema).extend(syncAnswerShape);
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;
