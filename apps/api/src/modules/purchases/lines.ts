import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { orders, products, type AwaitingLineRow } from '../../db/schema.js';
import type { PurchaseRow } from '../orders/purchase-store.js';

/**
 * Takes the stock of a purchase's lines and inserts them as its orders, in the order given:
 * what POST /checkout does once every line is judged, and what approving a purchase that waited
 * does. The caller has locked the products (FOR UPDATE) and checked the stock under the lock;
 * the CHECK on `available` is the backstop. One statement takes the stock of every line.
 */
export async function placeLines(
  tx: Tx,
  holdHours: number,
  purchase: PurchaseRow,
  lines: AwaitingLineRow[],
) {
  const taken = sql.join(
    lines.map((line) => sql`(${line.productId}::uuid, ${line.quantity}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${products} set available = ${products.available} - taken.quantity
        from (values ${taken}) as taken(id, quantity) where ${products.id} = taken.id`,
  );
  const values: PgInsertValue<typeof orders>[] = lines.map((line) => ({
    id: randomUUID(),
    purchaseId: purchase.id,
    purchaseNumber: purchase.number,
    productId: line.productId,
    userId: purchase.userId,
    productName: line.productName,
    img: line.img,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    price: line.quantity * line.unitPrice,
    name: purchase.name,
    email: purchase.email,
    number: purchase.phone,
    address: purchase.address,
    holdExpiresAt: sql`now() + make_interval(hours => ${holdHours})`,
  }));
  const placed = await tx.insert(orders).values(values).returning();
  const position = new Map(lines.map((line, index) => [line.productId, index]));
  return placed.sort(
    (a, b) => (position.get(a.productId!) ?? 0) - (position.get(b.productId!) ?? 0),
  );
}
