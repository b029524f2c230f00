import type { Db, Tx } from '../../db/client.js';
import { emitEvents } from '../../kernel/events.js';
import type { Allocation } from '../../modules/ledger/invoices.js';
import { toPurchase } from '../../modules/orders/purchase-serialize.js';
import { findPurchase, purchaseLines } from '../../modules/orders/purchase-store.js';

/**
 * `purchase.paid` for each invoice on account a payment has just settled in full (issue 32): the
 * purchase turns from `on_account` to `paid`, and the receiver hears it as it would a card's.
 * Written in the payment's transaction; the caller wakes the webhook worker after the commit.
 */
export async function tellSettledInvoices(
  tx: Db | Tx,
  companyId: string,
  allocations: Allocation[],
): Promise<void> {
  await emitEvents(
    tx,
    allocations
      .filter((allocation) => allocation.amountDueAfter === 0)
      .map(({ invoiceId }) => ({
        type: 'purchase.paid' as const,
        companyId,
        orderKey: invoiceId,
        data: async () => {
          const purchase = await findPurchase(tx, invoiceId);
          return purchase ? toPurchase(purchase, await purchaseLines(tx, [invoiceId])) : {};
        },
      })),
  );
}
