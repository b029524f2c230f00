import { z } from 'zod';
import { accountInvoiceSchema } from './accounts.js';
import { idSchema } from './answers.js';
import { productSchema } from './catalog.js';
import { purchaseSchema } from './purchases.js';
import { pageOf, pageQuerySchema } from './paging.js';

/**
 * Webhooks (issue 32 item 2, DESIGN section 9, docs/decisions/054): a company's owner (its own
 * events) or an admin (everyone's) subscribes a URL to events; each event is POSTed there as
 * `{ id, type, createdAt, data }`, signed with the subscription's secret the way Stripe signs
 * (`Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`), retried with backoff for 24 h,
 * in order per purchase.
 */

/** The events the shop sends (DESIGN section 9), in the order the pages list them. */
export const WEBHOOK_EVENTS = [
  'purchase.created',
  'purchase.approved',
  'purchase.paid',
  'purchase.shipped',
  'invoice.issued',
  'invoice.overdue',
  'quote.offered',
  'product.updated',
  'stock.low',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * The events a company's owner may subscribe to: its own purchases, invoices and quotes, and the
 * public catalogue's changes. `stock.low` tells of the shop's own stock: an admin's alone.
 */
export const COMPANY_WEBHOOK_EVENTS = WEBHOOK_EVENTS.filter(
  (event): event is Exclude<WebhookEvent, 'stock.low'> => event !== 'stock.low',
);
export const isCompanyEvent = (event: WebhookEvent): boolean =>
  (COMPANY_WEBHOOK_EVENTS as readonly WebhookEvent[]).includes(event);

export const WEBHOOK_SIGNATURE_HEADER = 'Webhook-Signature';
export const WEBHOOK_URL_MAX = 2_000;
/** Subscriptions a company (or the shop's admins together) may hold at once. */
export const WEBHOOKS_MAX = 20;
/** How long a delivery is tried before it is given up as failed. */
export const WEBHOOK_RETRY_HOURS = 24;

export const webhookMessages = {
  url: 'Please give the https:// (or http://) address your system receives events at.',
  privateUrl:
    'That address is in a private, loopback or link-local range: the shop sends events to public addresses only.',
  unresolvable: 'That address does not resolve to any host: please check its name.',
  events: 'Please choose at least one event, each once.',
  event: `An event is one of ${WEBHOOK_EVENTS.join(', ')}.`,
  shopOnly: (event: string) =>
    `${event} tells of the shop's own stock: only an admin subscribes to it.`,
  notOwner: "Only the company's owner or an admin may manage its webhooks.",
  noCompany: 'Create a company first: its owner subscribes its systems to its events.',
  tooMany: `At most ${WEBHOOKS_MAX} webhooks at once: remove one you no longer use first.`,
  notFound: 'This webhook does not exist.',
  deliveryNotFound: 'This delivery does not exist.',
} as const;

/** POST /webhooks. */
export const webhookInputSchema = z.object({
  url: z
    .string({ error: webhookMessages.url })
    .trim()
    .max(WEBHOOK_URL_MAX, webhookMessages.url)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username;
      } catch {
        return false;
      }
    }, webhookMessages.url),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: webhookMessages.event }), {
      error: webhookMessages.events,
    })
    .min(1, webhookMessages.events)
    .max(WEBHOOK_EVENTS.length, webhookMessages.events)
    .refine((events) => new Set(events).size === events.length, webhookMessages.events),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

export const webhookSchema = z.object({
  _id: idSchema,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** The company whose events it gets; null for an admin's, which gets every company's. */
  companyId: z.nullable(idSchema),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST /webhooks' answer: the subscription and the secret it signs with, shown this once. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookListSchema = pageOf(webhookSchema);
export type WebhookList = z.infer<typeof webhookListSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One event sent (or being sent) to one subscription, as the delivery log shows it. */
export const webhookDeliverySchema = z.object({
  _id: idSchema,
  eventId: idSchema,
  type: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** The receiver's last answer's status code; null before one, or when it never answered. */
  responseStatus: z.nullable(z.int()),
  attempts: z.int(),
  /** Why the last attempt failed (the answer's status or the network's error), if it did. */
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  deliveredAt: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryQuerySchema = pageQuerySchema;
export const webhookDeliveryListSchema = pageOf(webhookDeliverySchema);
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** `quote.offered`'s `data`: the offer as the buyer reads it (dollars). */
export const quoteOfferedDataSchema = z.object({
  quoteId: idSchema,
  number: z.string(),
  version: z.int(),
  lines: z.array(z.object({ productId: idSchema, quantity: z.int(), unitPrice: z.number() })),
  subtotal: z.number(),
  expiresAt: z.string(),
  note: z.nullable(z.string()),
});
export type QuoteOfferedData = z.infer<typeof quoteOfferedDataSchema>;

/**
 * `invoice.issued`'s and `invoice.overdue`'s `data`: the invoice as a company's invoice list shows
 * it (`_id` is the purchase's), and whose it is (null: a card purchase of a buyer without one).
 */
export const invoiceEventDataSchema = accountInvoiceSchema.extend({
  companyId: z.nullable(idSchema),
});
export type InvoiceEventData = z.infer<typeof invoiceEventDataSchema>;

/** `stock.low`'s `data`: a product that fell to its low-stock threshold or below. */
export const stockLowDataSchema = z.object({
  productId: idSchema,
  sku: z.string(),
  name: z.string(),
  available: z.int(),
  lowStockThreshold: z.int(),
});
export type StockLowData = z.infer<typeof stockLowDataSchema>;

/** What each event's `data` is: the receiver's contract (the OpenAPI document's `webhooks`). */
export const webhookEventData = {
  'purchase.created': purchaseSchema,
  'purchase.approved': purchaseSchema,
  'purchase.paid': purchaseSchema,
  'purchase.shipped': purchaseSchema,
  'invoice.issued': invoiceEventDataSchema,
  'invoice.overdue': invoiceEventDataSchema,
  'quote.offered': quoteOfferedDataSchema,
  'product.updated': productSchema,
  'stock.low': stockLowDataSchema,
} satisfies Record<WebhookEvent, z.ZodType>;

/** A delivery's body: what the receiver gets. */
export interface WebhookEventBody<D = Record<string, unknown>> {
  id: string;
  type: WebhookEvent;
  createdAt: string;
  data: D;
}
