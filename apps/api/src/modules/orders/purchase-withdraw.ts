import { purchaseMessages, type Purchase } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { purchases } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import { ownPurchase, readOwnPurchase } from './purchase-reading.js';
import { lockPurchase } from './purchase-store.js';

/**
 * PUT /purchase/{id}/withdraw: the buyer takes back a purchase that waits for their company's
 * approval (it took no stock), so it no longer counts toward their holds or the approvers'
 * list. It is kept as `cancelled`, with the lines it asked for, like one cancelled on leaving the
 * company. Under the purchase's row lock, so an approval or rejection at the same moment either
 * finds it withdrawn or is what the buyer's 409 names.
 */
export async function withdrawPurchase(db: Db, user: SignedInUser, id: string): Promise<Purchase> {
  await db.transaction(async (tx) => {
    const row = ownPurchase(await lockPurchase(tx, id), user);
    if (!row.awaitingLines || row.closedAs) {
      throw new HttpError(409, purchaseMessages.notWaiting);
    }
    await tx
      .update(purchases)
      .set({ closedAs: 'cancelled', closedAt: sql`now()` })
      .where(eq(purchases.id, id));
  });
  return readOwnPurchase(db, user, id);
}
