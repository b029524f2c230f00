import { z } from 'zod';
import { idSchema } from './answers.js';
import { pageOf, pageQuerySchema } from './paging.js';

/**
 * Webhooks (issue 32 item 2, DESIGN section 9, docs/decisions/054): a company's owner (its own
 * events) or an admin (everyone's) subscribes a URL to events; each event is POSTed there as
 * `{ id, type, createdAt, data }`, signed with the subscription's secret the way Stripe signs
 * (`Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`), retried with backoff for 24 h,
 * in order per purchase.
 */

/** The events the shop sends now (DESIGN section 9 names the rest, which follow). */
export const WEBHOOK_EVENTS = ['purchase.created', 'purchase.approved', 'quote.offered'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

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

/** A delivery's body: what the receiver gets. */
export interface WebhookEventBody<D = Record<string, unknown>> {
  id: string;
  type: WebhookEvent;
  createdAt: string;
  data: D;
}
