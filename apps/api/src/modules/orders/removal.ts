import { fromCents } from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../../kernel/audit.js';
import type { SignedInUser } from '../../kernel/people.js';
import type { PaymentContext } from './context.js';
import { refusal, type OrderEvent } from './lifecycle.js';
import { orderMessages } from './messages.js';
import { orderFor } from './reading.js';
import { orderLabel } from './serialize.js';
import { closeIntentBeforeRelease } from './settle.js';
import { findOrder, releaseOrder, type OrderRow } from './store.js';

/** The events that delete an unpaid order and release its stock. */
export type RemovalEvent = Extract<OrderEvent, 'cancel' | 'delete' | 'expire'>;

/** How removing an unpaid order ended. */
export type Removal =
  | { outcome: 'released' }
  /** The lifecycle refuses the event in the order's state (it is paid): its 409. */
  | { outcome: 'refused'; error: HttpError }
  /** Its payment had gone through at the gateway: it is now marked paid and kept. */
  | { outcome: 'just-paid' }
  | { outcome: 'gone' };

/**
 * Deletes an unpaid order and releases its stock. Its payment intent is cancelled at the gateway
 * first; when the gateway says the money was already taken, the order is marked paid and kept
 * instead ('just-paid'), so a customer is never charged for an order that no longer exists.
 * `condition` narrows the delete (the sweeper: still past its hold); `alongside` runs in the
 * deleting transaction (the audit row of an admin's deletion).
 */
export async function removeUnpaidOrder(
  ctx: PaymentContext,
  order: OrderRow,
  event: RemovalEvent,
  condition?: SQL,
  alongside?: (tx: Db) => Promise<void>,
): Promise<Removal> {
  let current: OrderRow | null = order;
  // An intent made while this runs changes payment_intent_id, so the delete finds nothing and
  // the next round settles that intent first.
  for (let attempt = 0; attempt < 3 && current; attempt += 1) {
    const refused = refusal(current, event);
    if (refused) return { outcome: 'refused', error: refused };
    if (await closeIntentBeforeRelease(ctx, current)) return { outcome: 'just-paid' };
    const { id, paymentIntentId } = current;
    if (await releaseOrder(ctx.db, id, event, paymentIntentId, condition, alongside)) {
      ctx.log.info({ orderId: id, quantity: current.quantity }, 'order cancelled, stock released');
      return { outcome: 'released' };
    }
    current = await findOrder(ctx.db, id);
  }
  if (!current) return { outcome: 'gone' };
  throw new HttpError(409, orderMessages.changing);
}

function removalAnswer(removal: Removal) {
  if (removal.outcome === 'refused') throw removal.error;
  if (removal.outcome === 'just-paid') throw new HttpError(409, orderMessages.justPaid);
  if (removal.outcome === 'gone') throw notFound(orderMessages.notFound);
  return { acknowledged: true as const, deletedCount: 1 };
}

/** DELETE /order/{id}: the owner cancels an unpaid order. */
export async function cancelOwnOrder(ctx: PaymentContext, user: SignedInUser, id: string) {
  const order = await orderFor(ctx.db, user, id);
  return removalAnswer(await removeUnpaidOrder(ctx, order, 'cancel'));
}

/** DELETE /delete/{id} (admin): deletes an unpaid order, audited in the deleting transaction. */
export async function deleteOrderAsAdmin(ctx: PaymentContext, actor: AuditActor, id: string) {
  const order = await findOrder(ctx.db, id);
  if (!order) throw notFound(orderMessages.notFound);
  const audit = (tx: Db) =>
    recordAudit(tx, {
      actor,
      action: 'order.delete',
      targetType: 'order',
      targetId: order.id,
      targetLabel: orderLabel(order),
      details: {
        price: fromCents(order.price),
        quantity: order.quantity,
        productId: order.productId,
      },
    });
  return removalAnswer(await removeUnpaidOrder(ctx, order, 'delete', undefined, audit));
}
