import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shipmentLines, shipments } from '../../db/schema.js';

/** Reading parcels (shipments.ts writes them; decision 030). */

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentLineRow = typeof shipmentLines.$inferSelect;
export type ShipmentWithLines = ShipmentRow & { lines: ShipmentLineRow[] };

/** The parcels of these purchases, oldest first, with their lines: two queries. */
export async function shipmentsOf(db: Db, purchaseIds: string[]): Promise<ShipmentWithLines[]> {
  if (purchaseIds.length === 0) return [];
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.purchaseId, purchaseIds))
    .orderBy(asc(shipments.seq));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(shipmentLines)
    .where(
      inArray(
        shipmentLines.shipmentId,
        rows.map((row) => row.id),
      ),
    );
  const byShipment = new Map<string, ShipmentLineRow[]>(rows.map((row) => [row.id, []]));
  for (const line of lines) byShipment.get(line.shipmentId)?.push(line);
  return rows.map((row) => ({ ...row, lines: byShipment.get(row.id) ?? [] }));
}

/** One parcel with its lines, for its email. */
export async function findShipment(db: Db, id: string): Promise<ShipmentWithLines | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
  if (!row) return null;
  const lines = await db.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, id));
  return { ...row, lines };
}
