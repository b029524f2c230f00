import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../../kernel/audit.js';
import { advance } from './lifecycle.js';
import { orderMessages } from './messages.js';
import { orderLabel, toOrder } from './serialize.js';
import { emailsQueued } from '../../mail/jobs.js';
import { findOrder, markShipped, type Shipment } from './store.js';

/**
 * PUT /shipping/{id} (admin): a paid order is shipped with its carrier and tracking number (if
 * given), audited and its email queued in the same transaction. Shipping it again changes
 * nothing and records nothing.
 */
export async function shipOrder(db: Db, actor: AuditActor, id: string, shipment?: Shipment) {
  const shipped = await db.transaction(async (tx) => {
    const row = await markShipped(tx, id, shipment);
    if (row) {
      await recordAudit(tx, {
        actor,
        action: 'order.ship',
        targetType: 'order',
        targetId: row.id,
        targetLabel: orderLabel(row),
        ...(row.carrier || row.trackingNumber
          ? { details: { carrier: row.carrier, trackingNumber: row.trackingNumber } }
          : {}),
      });
    }
    return row;
  });
  if (shipped) emailsQueued(db);
  if (shipped) return { acknowledged: true as const, order: toOrder(shipped) };
  const order = await findOrder(db, id);
  if (!order) throw notFound(orderMessages.notFound);
  advance(order, 'ship');
  return { acknowledged: true as const, order: toOrder(order) };
}
