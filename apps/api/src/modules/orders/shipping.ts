import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { advance } from './lifecycle.js';
import { orderMessages } from './messages.js';
import { orderLabel, toOrder } from './serialize.js';
import { findOrder, markShipped } from './store.js';

/**
 * PUT /shipping/{id} (admin): a paid order is shipped, audited in the same transaction.
 * Shipping it again changes nothing and records nothing.
 */
export async function shipOrder(db: Db, actor: AuditActor, id: string) {
  const shipped = await db.transaction(async (tx) => {
    const row = await markShipped(tx, id);
    if (row) {
      await recordAudit(tx, {
        actor,
        action: 'order.ship',
        targetType: 'order',
        targetId: row.id,
        targetLabel: orderLabel(row),
      });
    }
    return row;
  });
  if (shipped) return { acknowledged: true as const, order: toOrder(shipped) };
  const order = await findOrder(db, id);
  if (!order) throw notFound(orderMessages.notFound);
  advance(order, 'ship');
  return { acknowledged: true as const, order: toOrder(order) };
}
