import { z } from 'zod';
import { payInvoicesSchema, paymentMethodSchema } from './accounts.js';
import { LIMITS } from './constants.js';
import { addressSchema, phoneSchema } from './fields.js';
import { idSchema, moneyAnswerSchema } from './answers.js';

/**
 * Ordering and payment (SPEC sections 3, 4 and 7; DESIGN sections 5 and 6).
 * The server computes everything it can: the browser names the product, the quantity and how to
 * reach the customer; name, email, product copy and the total come from the token and the product.
 */

// MAX_ORDER_TOTAL lives in constants.ts, which has no zod: the quantity rule (quantity.ts) runs
// on pages that load none.

/**
 * POST /order when the customer already holds `max` unpaid orders (UNPAID_ORDERS_MAX): stock held
 * unpaid is stock nobody else can buy, so one account may not hold a product's whole stock.
 */
export const tooManyUnpaidOrders = (max: number) =>
  `You have ${max} unpaid ${max === 1 ? 'order' : 'orders'}: pay or cancel one before ordering more.`;

/** Order states as the admin sees them (SPEC section 2, Manage All Orders). */
export const ORDER_STATUSES = ['Unpaid', 'Pending', 'Shipping'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Body of POST /order. SPEC's client sent name, email, productName, img, description and price
 * too; those are accepted for compatibility and ignored, because the server is the authority.
 * The quantity is only checked to be a whole number here: how many pieces may be ordered
 * (stock, minimum, total) is the quantity rule's to say (quantity.ts), with SPEC's messages.
 */
export const placeOrderSchema = z.object({
  productId: idSchema,
  quantity: z.number().int().max(LIMITS.maxInt),
  number: phoneSchema,
  address: addressSchema,
  /** `card` (default) or `account` (a member of a company with net terms, issue 30). */
  paymentMethod: paymentMethodSchema,
});
export type PlaceOrder = z.infer<typeof placeOrderSchema>;

/** An order as every order endpoint answers it. `price` is the total in dollars (two decimals at most). */
export const orderSchema = z.object({
  _id: idSchema,
  productId: z.nullable(idSchema),
  productName: z.string(),
  img: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  price: moneyAnswerSchema,
  name: z.string(),
  email: z.string(),
  number: z.string(),
  address: z.string(),
  paid: z.boolean(),
  /** SPEC's flag: every piece of the line has shipped. */
  shipping: z.boolean(),
  /** Pieces shipped so far (0..quantity): a line may ship in parts (PUT /purchase/{id}/ship). */
  shippedQuantity: z.number().int(),
  transactionId: z.string().nullable(),
  /**
   * Paid through the sandbox gateway or Stripe in test mode: no money moved, so the admin sees
   * "Test payment" and does not ship. False for unpaid orders.
   */
  testPayment: z.boolean(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  /** When an unpaid order is cancelled automatically and its stock released (ORDER_HOLD_HOURS). */
  holdExpiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** Who carries a shipped order, and its tracking number, as the admin gave them (or null). */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** Dollars per piece, as the server priced the line; `price` = quantity x unitPrice. */
  unitPrice: moneyAnswerSchema,
  /** The line's share of its purchase's shipping charge, in dollars (issue 29). */
  shippingCharge: moneyAnswerSchema,
  /** The line's tax, its shipping share's included, in dollars (issue 29). */
  tax: moneyAnswerSchema,
  /** What the line costs: `price` + `shippingCharge` + `tax`; what paying it alone takes. */
  total: moneyAnswerSchema,
  /** The purchase the order is a line of (POST /order makes a purchase of one line). */
  purchaseId: idSchema,
  purchaseNumber: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** Body of PUT /order/{id}: the payment to record (SPEC section 7). */
export const recordPaymentSchema = z.object({
  _id: idSchema,
  transactionId: z.string().trim().min(1).max(255),
});
export type RecordPayment = z.infer<typeof recordPaymentSchema>;

/**
 * Body of POST /create-payment-intent: one order (SPEC's `{ orderId, price }`; the amount comes
 * from the order) or every unpaid line of a purchase (`{ purchaseId }`).
 */
export const createPaymentIntentSchema = z.union([
  z.object({ orderId: idSchema, price: z.number().optional() }),
  z.object({ purchaseId: idSchema }),
  payInvoicesSchema,
]);
export const paymentIntentSchema = z.object({ clientSecret: z.string() });
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/** The status word of an order: Unpaid until paid, Pending until shipped, then Shipping. */
export function orderStatus(order: { paid: boolean; shipping: boolean }): OrderStatus {
  if (!order.paid) return 'Unpaid';
  return order.shipping ? 'Shipping' : 'Pending';
}

/** Answer of POST /order (201): SPEC's "Acknowledged", the new id and the order as stored. */
/**
 * Answer of POST /order (Buy Now): a purchase of one line like any other (DESIGN section 9).
 * `insertedId` and `order` are the line's when it was placed; a purchase that waits for approval
 * has no line yet, so `insertedId` is then the purchase's id and `order` is absent.
 */
export const placeOrderResultSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: idSchema,
  order: orderSchema.optional(),
  purchaseId: idSchema,
  purchaseStatus: z.enum(['unpaid', 'awaiting_approval', 'paid', 'on_account']),
});
export type PlaceOrderResult = z.infer<typeof placeOrderResultSchema>;

/** Answer of PUT /order/{id} (payment recorded) and PUT /shipping/{id}: the order after the change. */
export const orderUpdateResultSchema = z.object({
  acknowledged: z.literal(true),
  order: orderSchema,
});
export type OrderUpdateResult = z.infer<typeof orderUpdateResultSchema>;
