import { fromCents, type Purchase, type PurchaseStatus } from '@shop/shared';
import { toOrder } from './serialize.js';
import type { PurchaseRow } from './purchase-store.js';
import type { OrderRow } from './store.js';
import type { ShipmentWithLines } from './shipment-store.js';

const latest = (dates: (Date | null)[]) =>
  dates.reduce<Date | null>((last, date) => (date && (!last || date > last) ? date : last), null);

function statusOf(row: PurchaseRow, lines: OrderRow[]): PurchaseStatus {
  if (row.closedAs) return row.closedAs;
  if (row.awaitingLines) return 'awaiting_approval';
  // Every line cancelled: the purchase stays in its buyer's history as cancelled.
  if (lines.length === 0) return 'cancelled';
  if (lines.some((line) => !line.paid)) return 'unpaid';
  if (lines.every((line) => line.shipping)) return 'shipped';
  return lines.some((line) => line.shippedQuantity > 0) ? 'partially_shipped' : 'paid';
}

/**
 * The answer shape of every purchase endpoint (`purchaseSchema`), from the row and its lines:
 * totals summed in cents, every amount answered in dollars.
 */
export function toPurchase(
  row: PurchaseRow,
  lines: OrderRow[],
  parcels: ShipmentWithLines[] = [],
): Purchase {
  const awaiting = (row.awaitingLines ?? []).map((line) => ({
    productId: line.productId,
    productName: line.productName,
    img: line.img,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    price: line.quantity * line.unitPrice,
  }));
  const status = statusOf(row, lines);
  return {
    _id: row.id,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    shipTo: row.shipTo ?? null,
    poNumber: row.poNumber,
    company: row.company,
    taxId: row.taxId,
    orders: lines.map(toOrder),
    awaitingLines: awaiting.map((line) => ({
      ...line,
      unitPrice: fromCents(line.unitPrice),
      price: fromCents(line.price),
    })),
    companyId: row.companyId,
    billingAddress: row.billingAddress,
    total: fromCents([...lines, ...awaiting].reduce((sum, line) => sum + line.price, 0)),
    unpaidTotal: fromCents(
      lines.filter((line) => !line.paid).reduce((sum, line) => sum + line.price, 0),
    ),
    status,
    paidAt:
      status !== 'paid' && status !== 'partially_shipped' && status !== 'shipped'
        ? null
        : (latest(lines.map((l) => l.paidAt))?.toISOString() ?? null),
    shippedAt:
      status === 'shipped' ? (latest(lines.map((l) => l.shippedAt))?.toISOString() ?? null) : null,
    shipments: parcels.map((parcel) => ({
      _id: parcel.id,
      shippedAt: parcel.shippedAt.toISOString(),
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingNumber,
      lines: parcel.lines.map((line) => ({ orderId: line.orderId, quantity: line.quantity })),
    })),
    invoiceNumber: row.invoiceNumber,
    rejectionReason: row.rejectionReason,
  };
}
