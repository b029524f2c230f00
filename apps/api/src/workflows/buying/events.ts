import type { WebhookEvent } from '@shop/shared';
import type { PurchaseRow } from '../../modules/orders/purchase-store.js';
import { toPurchase } from '../../modules/orders/purchase-serialize.js';
import type { OrderRow } from '../../modules/orders/store.js';
import type { ShopEvent } from '../../modules/webhooks/store.js';

/**
 * A purchase's event for the webhooks (issue 32, docs/decisions/054): its `data` is the purchase
 * as GET /purchase/{id} answers it then, so a receiver needs no second call; one purchase's
 * events reach each receiver in the order they happened.
 */
export const purchaseEvent = (
  type: Extract<WebhookEvent, `purchase.${string}`>,
  purchase: PurchaseRow,
  lines: OrderRow[],
): ShopEvent => ({
  type,
  companyId: purchase.companyId,
  purchaseId: purchase.id,
  data: toPurchase(purchase, lines),
});
