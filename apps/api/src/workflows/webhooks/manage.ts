import {
  webhookMessages,
  isCompanyEvent,
  WEBHOOKS_MAX,
  type pageQuerySchema,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type webhookInputSchema,
  type WebhookList,
} from '@shop/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { recordAudit } from '../../kernel/audit.js';
import type { SignedInUser } from '../../kernel/people.js';
import { ownerOrShop } from '../../modules/companies/membership.js';
import { checkWebhookHost } from '../../modules/webhooks/address.js';
import {
  activeHookCount,
  findSubscription,
  insertSubscription,
  listDeliveries,
  listSubscriptions,
  lockHookOwner,
  markRemoved,
  resendDelivery,
  toDelivery,
  toWebhook,
  type SubscriptionRow,
} from '../../modules/webhooks/store.js';
import { jobsQueued } from '../../kernel/jobs.js';

/*
 * Who manages which webhooks (issue 32 item 2, docs/decisions/054), as with API keys: an admin
 * the shop's own (every company's events) and sees every subscription; a company's owner the
 * company's. A URL must resolve to public addresses (WEBHOOK_ALLOW_PRIVATE aside); making one
 * does not call it. Subscribing and removing are in the audit log.
 */

type HookInput = z.output<typeof webhookInputSchema>;
type Paging = z.output<typeof pageQuerySchema>;

/** The subscription when the caller manages it: 404 when there is none, 403 when another's. */
async function managedSubscription(
  db: Db,
  user: SignedInUser,
  id: string,
  { removed = false } = {},
): Promise<SubscriptionRow> {
  const found = await findSubscription(db, id, { removed });
  if (!found) throw new HttpError(404, webhookMessages.notFound);
  if (!user.isAdmin) {
    const owner = await ownerOrShop(db, user, webhookMessages);
    if (owner.companyId !== found.companyId) throw new HttpError(403, webhookMessages.notOwner);
  }
  return found;
}

/** POST /webhooks. */
export async function createWebhook(
  db: Db,
  user: SignedInUser,
  input: HookInput,
  allowPrivate: boolean,
): Promise<WebhookCreated> {
  const owner = await ownerOrShop(db, user, webhookMessages);
  const shopOnly = input.events.find((event) => owner.companyId !== null && !isCompanyEvent(event));
  if (shopOnly) throw new HttpError(400, webhookMessages.shopOnly(shopOnly));
  const verdict = await checkWebhookHost(input.url, allowPrivate);
  if (verdict === 'private') throw new HttpError(400, webhookMessages.privateUrl);
  if (verdict === 'unresolvable') throw new HttpError(400, webhookMessages.unresolvable);
  const row = await db.transaction(async (tx) => {
    await lockHookOwner(tx, owner);
    if ((await activeHookCount(tx, owner)) >= WEBHOOKS_MAX) {
      throw new HttpError(409, webhookMessages.tooMany);
    }
    const made = await insertSubscription(tx, owner, { ...input, createdBy: user.email });
    await recordAudit(tx, {
      actor: user,
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: made.id,
      targetLabel: made.url,
      details: { url: made.url, events: made.events, companyId: owner.companyId },
    });
    return made;
  });
  return { ...toWebhook(row), secret: row.secret };
}

/** GET /webhooks: an admin's every subscription, an owner's company's. */
export async function listWebhooksFor(
  db: Db,
  user: SignedInUser,
  paging: Paging,
): Promise<WebhookList> {
  const owner = user.isAdmin ? null : await ownerOrShop(db, user, webhookMessages);
  return listSubscriptions(db, owner, paging);
}

/** DELETE /webhooks/{id}. */
export async function removeWebhook(db: Db, user: SignedInUser, id: string): Promise<Webhook> {
  await managedSubscription(db, user, id);
  const removed = await db.transaction(async (tx) => {
    const row = await markRemoved(tx, id);
    if (!row) throw new HttpError(404, webhookMessages.notFound);
    await recordAudit(tx, {
      actor: user,
      action: 'webhook.remove',
      targetType: 'webhook',
      targetId: row.id,
      targetLabel: row.url,
      details: { url: row.url, events: row.events, companyId: row.companyId },
    });
    return row;
  });
  return toWebhook(removed);
}

/** GET /webhooks/{id}/deliveries. */
export async function webhookDeliveries(
  db: Db,
  user: SignedInUser,
  id: string,
  paging: Paging,
): Promise<WebhookDeliveryList> {
  await managedSubscription(db, user, id, { removed: true });
  return listDeliveries(db, id, paging);
}

/** POST /webhooks/{id}/deliveries/{deliveryId}/resend. */
export async function resendWebhookDelivery(
  db: Db,
  user: SignedInUser,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await managedSubscription(db, user, id);
  const row = await resendDelivery(db, id, deliveryId);
  if (!row) throw new HttpError(404, webhookMessages.deliveryNotFound);
  jobsQueued(db);
  return toDelivery(row);
}
