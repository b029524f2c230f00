import {
  fromCents,
  taxNoteOf,
  type Purchase,
  type PurchaseStatus,
  type TaxLineAnswer,
} from '@shop/shared';
import type { PurchaseTaxRow, ShippingMethodSnapshot } from '../../db/schema.js';
import { toOrder } from './serialize.js';
import { lineCharge } from '../../db/line-charge.js';
import type { OrderRow, PurchaseRow } from './rows.js';
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
  if (lines.some((line) => line.shippedQuantity > 0)) return 'partially_shipped';
  // Confirmed on account, its invoice not yet paid in full (decision 044).
  return row.amountDue > 0 ? 'on_account' : 'paid';
}

/** A purchase's shipping method as answers carry it. */
export const chosenMethodAnswer = (method: ShippingMethodSnapshot) => ({
  _id: method.id,
  name: method.name,
  carrier: method.carrier,
  days: { min: method.daysMin, max: method.daysMax },
});

/**
 * A purchase's tax lines from its treatment and its live lines' sums (cents): one rate applies
 * to every line and the shipping (the tax engine's verdict), so one line of tax, or none.
 */
export const taxLinesAnswer = (
  treatment: PurchaseTaxRow | null,
  base: number,
  tax: number,
): TaxLineAnswer[] =>
  treatment?.name != null
    ? [
        {
          name: treatment.name,
          rate: treatment.rate,
          base: fromCents(base),
          amount: fromCents(tax),
        },
      ]
    : [];

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
    shippingCharge: line.shippingCharge ?? 0,
    tax: line.tax ?? 0,
  }));
  const status = statusOf(row, lines);
  // The purchase's amounts are its lines' (a cancelled line takes its shipping and tax along).
  const all = [...lines, ...awaiting];
  const sum = (pick: (line: (typeof all)[number]) => number) =>
    all.reduce((total, line) => total + pick(line), 0);
  const subtotal = sum((line) => line.price);
  const shipping = sum((line) => line.shippingCharge);
  const tax = sum((line) => line.tax);
  const treatment = row.taxTreatment;
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
    quoteNumber: row.quoteNumber,
    quoteId: row.quoteId,
    company: row.company,
    taxId: row.taxId,
    orders: lines.map(toOrder),
    awaitingLines: awaiting.map((line) => ({
      ...line,
      unitPrice: fromCents(line.unitPrice),
      price: fromCents(line.price),
      shippingCharge: fromCents(line.shippingCharge),
      tax: fromCents(line.tax),
    })),
    companyId: row.companyId,
    billingAddress: row.billingAddress,
    subtotal: fromCents(subtotal),
    shipping: fromCents(shipping),
    tax: fromCents(tax),
    total: fromCents(subtotal + shipping + tax),
    unpaidTotal: fromCents(
      lines.filter((line) => !line.paid).reduce((total, line) => total + lineCharge(line), 0),
    ),
    currency: row.currency,
    paymentTerms: row.paymentTerms,
    // A card purchase is due when invoiced (it is invoiced once paid); one on account by its terms.
    dueDate: row.dueDate ?? (row.invoicedAt ? row.invoicedAt.toISOString().slice(0, 10) : null),
    amountDue: fromCents(row.amountDue),
    shippingMethod: row.shippingMethod ? chosenMethodAnswer(row.shippingMethod) : null,
    taxLines: taxLinesAnswer(treatment, subtotal + shipping, tax),
    reverseCharge: treatment?.reverseCharge ?? false,
    taxNote: treatment ? taxNoteOf(treatment.treatment, treatment.note) : null,
    status,
    // Not paid while its invoice on account is open, whatever has shipped.
    paidAt:
      (status !== 'paid' && status !== 'partially_shipped' && status !== 'shipped') ||
      row.amountDue > 0
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
