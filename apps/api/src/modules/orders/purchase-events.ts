import type { InvoiceEventData, WebhookEvent } from '@shop/shared';
import type { ShopEvent } from '../../kernel/events.js';
import { toPurchase } from './purchase-serialize.js';
import type { OrderRow, PurchaseRow } from './rows.js';

/*
 * A purchase's events for the webhooks (issue 32, docs/decisions/054). A purchase event's `data`
 * is the purchase as GET /purchase/{id} answers it then, so a receiver needs no second call; an
 * invoice event's is the invoice as a company's invoice list shows it. Every event of one
 * purchase carries it as its order key: they reach each receiver in the order they happened.
 */

type PurchaseEvent = Extract<WebhookEvent, `purchase.${string}`>;

export const purchaseEvent = (
  type: PurchaseEvent,
  purchase: PurchaseRow,
  lines: OrderRow[],
): ShopEvent => ({
  type,
  companyId: purchase.companyId,
  orderKey: purchase.id,
  data: toPurchase(purchase, lines),
});

/** An invoiced purchase's invoice, as `invoice.issued` and `invoice.overdue` carry it. */
export function invoiceData(purchase: PurchaseRow, lines: OrderRow[]): InvoiceEventData {
  const answer = toPurchase(purchase, lines);
  return {
    _id: purchase.id,
    companyId: purchase.companyId,
    invoiceNumber: purchase.invoiceNumber ?? '',
    purchaseNumber: purchase.number,
    poNumber: purchase.poNumber,
    issuedAt: purchase.invoicedAt?.toISOString() ?? '',
    dueDate: answer.dueDate ?? '',
    paymentTerms: purchase.paymentTerms,
    total: answer.total,
    amountDue: answer.amountDue,
    daysOverdue: 0,
    status: purchase.amountDue > 0 ? 'open' : 'paid',
    paidAt:
      purchase.invoicePaidAt?.toISOString() ?? (purchase.amountDue > 0 ? null : answer.paidAt),
  };
}

/**
 * What a purchase just confirmed tells, after the event of its placing or approval: paid (a card
 * purchase's last line, or one that costs nothing), and its invoice issued, card or on account.
 */
export function settledEvents(purchase: PurchaseRow, lines: OrderRow[]): ShopEvent[] {
  if (!purchase.invoiceNumber) return [];
  const events: ShopEvent[] = [];
  if (purchase.amountDue === 0) events.push(purchaseEvent('purchase.paid', purchase, lines));
  events.push({
    type: 'invoice.issued',
    companyId: purchase.companyId,
    orderKey: purchase.id,
    data: invoiceData(purchase, lines),
  });
  return events;
}

/**
 * The events of a purchase just settled in the caller's transaction (`paid`: its last line paid,
 * not on account), their data read there only when some subscription wants them.
 */
export function settledEventsOf(
  purchase: { id: string; companyId: string | null },
  paid: boolean,
  read: () => Promise<[PurchaseRow | null, OrderRow[]]>,
): ShopEvent[] {
  let reading: ReturnType<typeof read> | null = null;
  const now = () => (reading ??= read());
  const about = { companyId: purchase.companyId, orderKey: purchase.id };
  const invoice: ShopEvent = {
    type: 'invoice.issued',
    ...about,
    data: async () => {
      const [row, lines] = await now();
      return row ? invoiceData(row, lines) : {};
    },
  };
  if (!paid) return [invoice];
  const paidEvent: ShopEvent = {
    type: 'purchase.paid',
    ...about,
    data: async () => {
      const [row, lines] = await now();
      return row ? toPurchase(row, lines) : {};
    },
  };
  return [paidEvent, invoice];
}
