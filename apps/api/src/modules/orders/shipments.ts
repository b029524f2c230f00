import { purchaseMessages, shipmentMessages, type Purchase, type ShipPurchase } from '@shop/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, shipmentLines, shipments } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordAudits, type AuditActor } from '../../kernel/audit.js';
import { emitEvents } from '../../kernel/events.js';
import { enqueueEmail } from '../../mail/jobs.js';
import { lockPurchase, purchaseLines, type PurchaseRow } from './purchase-store.js';
import { withLines } from './purchase-reading.js';
import { orderLabel } from './serialize.js';
import type { OrderRow, Shipment } from './store.js';
import { jobsQueued } from '../../kernel/jobs.js';

/**
 * Shipments (decision 030): a parcel is a `shipments` row with its `shipment_lines`, each line
 * so many pieces of one order. The order keeps the running sum (`shipped_quantity`) and SPEC's
 * flag (`shipping`, true once the sum reaches the quantity; a CHECK holds them together). Every
 * shipment locks its purchase first, like every other change of a line (purchase-store.ts), so
 * two admins shipping the same line at once ship it once.
 */

/** So many pieces of one line, to go in a parcel. */
export interface Pick {
  line: OrderRow;
  quantity: number;
}

/**
 * Whether the purchase may be shipped now: every line paid. The seam for purchases on account
 * (DESIGN section 9: confirmed and invoiced, not yet paid), which ship too once they exist.
 */
function refuseUnshippable(purchase: PurchaseRow, lines: OrderRow[]): void {
  if (purchase.closedAs || purchase.awaitingLines || lines.length === 0) {
    throw new HttpError(409, shipmentMessages.notShippable);
  }
  const confirmed = lines.every((line) => line.paid);
  if (!confirmed) throw new HttpError(409, shipmentMessages.notShippable);
}

const leftOf = (line: OrderRow) => line.quantity - line.shippedQuantity;

/** What the body asks to ship, checked against what is left of each line. */
function picksFor(lines: OrderRow[], asked: ShipRequestLine[] | undefined): Pick[] {
  if (!asked) {
    const open = lines.filter((line) => leftOf(line) > 0);
    if (open.length === 0) throw new HttpError(409, shipmentMessages.alreadyShipped);
    return open.map((line) => ({ line, quantity: leftOf(line) }));
  }
  const byId = new Map(lines.map((line) => [line.id, line]));
  return asked.map(({ orderId, quantity }) => {
    const line = byId.get(orderId);
    if (!line) throw notFound(shipmentMessages.notInPurchase);
    const left = leftOf(line);
    if (quantity === undefined) {
      if (left === 0) throw new HttpError(409, shipmentMessages.lineShipped(line.productName));
      return { line, quantity: left };
    }
    if (quantity > left) throw new HttpError(400, shipmentMessages.tooMany(line.productName, left));
    return { line, quantity };
  });
}

interface ShipRequestLine {
  orderId: string;
  quantity?: number | undefined;
}

/**
 * Records one parcel of a locked purchase: the shipment and its lines, each order's shipped
 * quantity (and SPEC's flag once whole), the audit rows and the customer's one email, all in the
 * caller's transaction. Answers the lines as they are now.
 */
export async function recordShipment(
  tx: Db,
  actor: AuditActor,
  purchase: PurchaseRow,
  picks: Pick[],
  parcel: Shipment,
): Promise<OrderRow[]> {
  const [shipment] = await tx
    .insert(shipments)
    .values({
      purchaseId: purchase.id,
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingNumber,
      shippedBy: actor.email,
    })
    .returning();
  if (!shipment) throw new Error('The database returned no shipment.');
  await tx.insert(shipmentLines).values(
    picks.map((pick) => ({
      shipmentId: shipment.id,
      orderId: pick.line.id,
      quantity: pick.quantity,
    })),
  );
  // One statement for every line: each takes its pieces from the shipment's line just written.
  const sent = sql`(select ${shipmentLines.quantity} from ${shipmentLines} where ${shipmentLines.shipmentId} = ${shipment.id} and ${shipmentLines.orderId} = ${orders.id})`;
  const whole = sql`${orders.shippedQuantity} + ${sent} = ${orders.quantity}`;
  const shipped = await tx
    .update(orders)
    .set({
      shippedQuantity: sql`${orders.shippedQuantity} + ${sent}`,
      shipping: whole,
      shippedAt: sql`case when ${whole} then coalesce(${orders.shippedAt}, now()) else ${orders.shippedAt} end`,
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingNumber,
    })
    .where(
      and(
        inArray(
          orders.id,
          picks.map((pick) => pick.line.id),
        ),
        eq(orders.paid, true),
      ),
    )
    .returning();
  if (shipped.length !== picks.length) throw new HttpError(409, shipmentMessages.notShippable);
  const after = new Map(shipped.map((row) => [row.id, row]));
  await recordAudits(
    tx,
    picks.map(({ line, quantity }) => ({
      actor,
      action: 'order.ship' as const,
      targetType: 'order' as const,
      targetId: line.id,
      targetLabel: orderLabel(line),
      details: {
        purchaseNumber: purchase.number,
        shipmentId: shipment.id,
        quantity,
        shippedQuantity: after.get(line.id)?.shippedQuantity ?? null,
        ...(parcel.carrier || parcel.trackingNumber
          ? { carrier: parcel.carrier, trackingNumber: parcel.trackingNumber }
          : {}),
      },
    })),
  );
  await enqueueEmail(tx, {
    kind: 'shipped',
    to: purchase.email,
    payload: { purchaseId: purchase.id, shipmentId: shipment.id },
  });
  // Every parcel tells: `status` says whether it was the last (shipped) or not (partially).
  await emitEvents(tx, [
    {
      type: 'purchase.shipped',
      companyId: purchase.companyId,
      orderKey: purchase.id,
      data: async () => {
        const [now] = await withLines(tx, [purchase]);
        return now ?? {};
      },
    },
  ]);
  return shipped;
}

/**
 * PUT /purchase/{id}/ship (admin): ships the whole purchase, or the lines named (no quantity:
 * the rest of the line), as one parcel with one email. 404 for an unknown purchase or a line of
 * another, 409 when the purchase is not paid (or everything asked has shipped), 400 for more
 * pieces than are left. Answers the purchase as it is afterwards.
 */
export async function shipPurchase(
  db: Db,
  actor: AuditActor,
  id: string,
  body: ShipPurchase | null | undefined,
): Promise<Purchase> {
  const row = await db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, id);
    if (!purchase) throw notFound(purchaseMessages.notFound);
    const lines = await purchaseLines(tx, [id]);
    refuseUnshippable(purchase, lines);
    const picks = picksFor(lines, body?.lines);
    await recordShipment(tx, actor, purchase, picks, {
      carrier: body?.carrier ?? null,
      trackingNumber: body?.trackingNumber ?? null,
    });
    return purchase;
  });
  jobsQueued(db);
  const [answer] = await withLines(db, [row]);
  if (!answer) throw notFound(purchaseMessages.notFound);
  return answer;
}
