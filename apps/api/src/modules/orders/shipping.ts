import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { AuditActor } from '../../kernel/audit.js';
import { advance } from './lifecycle.js';
import { orderMessages } from './messages.js';
import { findPurchase, lockPurchaseOfOrder } from './purchase-store.js';
import { toOrder } from './serialize.js';
import { recordShipment } from './shipments.js';
import { findOrder, type Shipment } from './store.js';
import { jobsQueued } from '../../kernel/jobs.js';

/**
 * SPEC's PUT /shipping/{id} (admin): ships what is left of one paid line as a parcel of its own
 * (decision 030), with its carrier and tracking number if given, audited and its email queued
 * in the same transaction. Shipping a shipped line again changes nothing and records nothing.
 */
export async function shipOrder(db: Db, actor: AuditActor, id: string, parcel?: Shipment) {
  const shipped = await db.transaction(async (tx) => {
    const purchaseId = await lockPurchaseOfOrder(tx, id);
    const order = purchaseId ? await findOrder(tx, id) : null;
    const purchase = purchaseId ? await findPurchase(tx, purchaseId) : null;
    if (!order || !purchase) throw notFound(orderMessages.notFound);
    advance(order, 'ship');
    if (order.shipping) return order;
    const [row] = await recordShipment(
      tx,
      actor,
      purchase,
      [{ line: order, quantity: order.quantity - order.shippedQuantity }],
      parcel ?? { carrier: null, trackingNumber: null },
    );
    return row ?? order;
  });
  jobsQueued(db);
  return { acknowledged: true as const, order: toOrder(shipped) };
}
