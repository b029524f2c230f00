import {
  checkQuantity,
  MAX_ORDER_TOTAL,
  purchaseMessages,
  tooManyUnpaidOrders,
  type checkoutSchema,
  type Purchase,
} from '@shop/shared';
import { asc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { products, purchases, type AwaitingLineRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { emailsQueued, enqueueEmail } from '../../mail/jobs.js';
import { catalogChanged } from '../catalog/snapshot.js';
import type { OrderContext } from '../orders/context.js';
import { orderMessages } from '../orders/messages.js';
import { displayNames, lockCustomers } from '../orders/placement.js';
import type { SignedInUser } from '../users/service.js';
import { toPurchase } from './serialize.js';
import { enqueueApprovalNeeded } from '../companies/emails.js';
import { companyRow } from '../companies/service.js';
import { placeLines } from './lines.js';
import { lockMember, membershipOf, spentThisMonth } from '../companies/membership.js';
import { contractPricesOf } from '../companies/prices.js';

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
  // A company's member buys for it: its contract prices, its name, tax id and billing address.
  const membership = await membershipOf(ctx.db, user);
  const company = membership ? await companyRow(ctx.db, membership.companyId) : null;
  const contract = membership
    ? await contractPricesOf(ctx.db, membership.companyId, ids)
    : new Map<string, number>();

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
      // Priced by the volume tier each line's quantity reaches, or the contract price if lower.
      const verdict = checkQuantity({
        ...product,
        quantity: line.quantity,
        contractPrice: contract.get(product.id),
      });
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

    const pricedLines: AwaitingLineRow[] = input.lines.map((line) => {
      const product = productOf.get(line.productId)!;
      return {
        productId: product.id,
        productName: product.name,
        img: product.img,
        description: product.description,
        quantity: line.quantity,
        unitPrice: unitPriceOf.get(line.productId)!,
      };
    });

    // Above the member's monthly limit: it waits for an approver, holding no stock.
    let awaiting = false;
    if (membership && membership.spendingLimit !== null) {
      await lockMember(tx, membership.email);
      const spent = (await spentThisMonth(tx, membership.companyId, [user.id])).get(user.id) ?? 0;
      awaiting = spent + total > membership.spendingLimit;
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
        company: company?.name ?? input.company,
        taxId: company ? company.taxId : input.taxId,
        companyId: company?.id ?? null,
        billingAddress: company?.billingAddress ?? null,
        awaitingLines: awaiting ? pricedLines : null,
      })
      .returning();
    if (!purchase) throw new Error('The database returned no purchase row.');
    if (awaiting) {
      await enqueueApprovalNeeded(tx, purchase);
      return toPurchase(purchase, []);
    }

    const lines = await placeLines(tx, ctx.holdHours, purchase, pricedLines);
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
