import { randomUUID } from 'node:crypto';
import {
  checkQuantity,
  MAX_ORDER_TOTAL,
  purchaseMessages,
  tooManyUnpaidOrders,
  type checkoutSchema,
  type Purchase,
} from '@shop/shared';
import { asc, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { orders, products, purchases } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { emailsQueued, enqueueEmail } from '../../mail/jobs.js';
import { catalogChanged } from '../catalog/snapshot.js';
import type { OrderContext } from '../orders/context.js';
import { orderMessages } from '../orders/messages.js';
import { displayNames, lockCustomers } from '../orders/placement.js';
import type { SignedInUser } from '../users/service.js';
import { toPurchase } from './serialize.js';

type CheckoutInput = z.output<typeof checkoutSchema>;

/**
 * POST /checkout (DESIGN section 8): every line of the cart in one transaction, as one purchase,
 * or nothing at all. The product rows are locked in id order (FOR UPDATE), then the customer's
 * row, as POST /order's batches lock them (product first, customer after), so a checkout and
 * any number of single orders wait for each other but never in a circle. Each line is judged by
 * the shared quantity rule against the stock under the lock, priced from the product, and the
 * refusals are all answered together (409 with `lines`), so the buyer can fix the cart at once.
 */
export async function checkout(
  ctx: OrderContext,
  user: SignedInUser,
  input: CheckoutInput,
): Promise<Purchase> {
  const names = await displayNames(ctx.db, [user.email]);
  const name = names.get(user.email) ?? user.email;
  const ids = input.lines.map((line) => line.productId);

  const result = await ctx.db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for('update');
    const productOf = new Map(locked.map((product) => [product.id, product]));

    const refused: { productId: string; message: string }[] = [];
    let total = 0;
    const unitPriceOf = new Map<string, number>();
    for (const line of input.lines) {
      const product = productOf.get(line.productId);
      if (!product) {
        refused.push({ productId: line.productId, message: orderMessages.productNotFound });
        continue;
      }
      // Priced by the volume tier each line's quantity reaches.
      const verdict = checkQuantity({ ...product, quantity: line.quantity });
      if (verdict.ok) {
        total += verdict.total;
        unitPriceOf.set(line.productId, verdict.unitPrice);
      } else refused.push({ productId: line.productId, message: verdict.message });
    }
    if (refused.length > 0) {
      throw new HttpError(409, purchaseMessages.linesRefused, { lines: refused });
    }
    if (total > MAX_ORDER_TOTAL) {
      throw new HttpError(400, purchaseMessages.totalTooHigh(total, MAX_ORDER_TOTAL));
    }

    const unpaid = await lockCustomers(tx, [user.id]);
    if ((unpaid.get(user.id) ?? 0) >= ctx.unpaidMax) {
      throw new HttpError(409, tooManyUnpaidOrders(ctx.unpaidMax));
    }

    const [purchase] = await tx
      .insert(purchases)
      .values({
        userId: user.id,
        name,
        email: user.email,
        phone: input.number,
        address: input.address,
        poNumber: input.poNumber,
        company: input.company,
        taxId: input.taxId,
      })
      .returning();
    if (!purchase) throw new Error('The database returned no purchase row.');

    // One statement takes the stock of every line; the CHECK on `available` is the backstop.
    const taken = sql.join(
      input.lines.map((line) => sql`(${line.productId}::uuid, ${line.quantity}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${products} set available = ${products.available} - taken.quantity
          from (values ${taken}) as taken(id, quantity) where ${products.id} = taken.id`,
    );

    const values: PgInsertValue<typeof orders>[] = input.lines.map((line) => {
      const product = productOf.get(line.productId)!;
      const unitPrice = unitPriceOf.get(line.productId)!;
      return {
        id: randomUUID(),
        purchaseId: purchase.id,
        purchaseNumber: purchase.number,
        productId: product.id,
        userId: user.id,
        productName: product.name,
        img: product.img,
        description: product.description,
        quantity: line.quantity,
        unitPrice,
        price: line.quantity * unitPrice,
        name,
        email: user.email,
        number: input.number,
        address: input.address,
        holdExpiresAt: sql`now() + make_interval(hours => ${ctx.holdHours})`,
      };
    });
    const lines = await tx.insert(orders).values(values).returning();
    // In the order of the cart, as the buyer listed them.
    const position = new Map(input.lines.map((line, index) => [line.productId, index]));
    lines.sort((a, b) => (position.get(a.productId!) ?? 0) - (position.get(b.productId!) ?? 0));
    await enqueueEmail(tx, {
      kind: 'order-placed',
      to: user.email,
      payload: { purchaseId: purchase.id },
    });
    return toPurchase(purchase, lines);
  });

  catalogChanged(ctx.db);
  emailsQueued(ctx.db);
  ctx.log.info(
    { purchaseId: result._id, number: result.number, lines: result.orders.length },
    'purchase placed',
  );
  return result;
}
