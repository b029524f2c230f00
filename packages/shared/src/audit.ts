import { z } from 'zod';
import { idSchema } from './answers.js';
import { pageOf } from './paging.js';

/** The admin actions the audit log records (decision 010), as stored in `audit_log.action`. */
export const AUDIT_ACTIONS = [
  'user.promote',
  'user.demote',
  'user.remove',
  'product.create',
  'product.update',
  'product.delete',
  'order.delete',
  'order.ship',
  'purchase.credit',
  'review.delete',
  'company.price',
  'company.terms',
  'company.payment',
  'location.create',
  'location.update',
  'location.delete',
  'tax.rates',
  'tax.exemption',
  'shipping.create',
  'shipping.update',
  'shipping.delete',
  'quote.offer',
  'api_key.create',
  'api_key.revoke',
  'webhook.create',
  'webhook.remove',
  'job.retry',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'user',
  'product',
  'order',
  'purchase',
  'review',
  'company',
  'setting',
  'shipping_method',
  'quote',
  'api_key',
  'webhook',
  'job',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** How the Audit Log page names each action. */
export const auditActionLabels: Record<AuditAction, string> = {
  'user.promote': 'Made admin',
  'user.demote': 'Took admin right away',
  'user.remove': 'Removed user',
  'product.create': 'Added product',
  'product.update': 'Edited product',
  'product.delete': 'Deleted product',
  'order.delete': 'Deleted order',
  'order.ship': 'Shipped order',
  'purchase.credit': 'Issued credit note',
  'review.delete': 'Deleted review',
  'company.price': 'Set contract price',
  'company.terms': 'Changed payment terms',
  'company.payment': 'Recorded a bank transfer',
  'location.create': 'Added ship-to location',
  'location.update': 'Changed ship-to location',
  'location.delete': 'Removed ship-to location',
  'tax.rates': 'Changed tax rates',
  'tax.exemption': 'Reviewed tax exemption',
  'shipping.create': 'Added shipping method',
  'shipping.update': 'Edited shipping method',
  'shipping.delete': 'Removed shipping method',
  'quote.offer': 'Offered quote prices',
  'api_key.create': 'Made an API key',
  'api_key.revoke': 'Revoked an API key',
  'webhook.create': 'Subscribed a webhook',
  'webhook.remove': 'Removed a webhook',
  'job.retry': 'Retried a failed job',
};

/** One row of GET /admin/audit: who did what to which target, and when. */
export const auditEntrySchema = z.object({
  _id: idSchema,
  createdAt: z.string(),
  /** The acting admin's email, kept when that admin is later removed. */
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  /** A UUID for shop rows; a removed user known only to the identity provider has its id. */
  targetId: z.string(),
  /** The target's readable name at the time: an email, a product's name, a reviewer. */
  targetLabel: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Answer of GET /admin/audit?page=&limit=: newest first. */
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
