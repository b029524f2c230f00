import { paymentTermsLabels, trackingUrl } from '@shop/shared';
import type { Db } from '../../db/client.js';
import type { EmailKind } from '../../mail/jobs.js';
import type { MailMessage } from '../../mail/message.js';
import type { EmailLine, PurchaseEmailData } from '../../mail/order-emails.js';

import { findPurchase, purchaseLines, type PurchaseRow } from './purchase-store.js';
import type { OrderRow } from './store.js';
import { purchaseInvoicePdf, type InvoiceSettings } from './purchase-invoice.js';
import { documentTotals } from './purchase-totals.js';
import { findShipment } from './shipment-store.js';

/**
 * The customer's emails about a purchase, built when the mail worker sends them from what is
 * stored then: an email queued for a purchase cancelled meanwhile is not sent at all.
 */

export interface PurchaseEmailSettings {
  shopName: string;
  /** The shop's address (PUBLIC_URL): the emails link to the purchase page there. */
  publicUrl: string;
  invoices: InvoiceSettings;
}

const emailLine = (line: OrderRow): EmailLine => ({
  productName: line.productName,
  quantity: line.quantity,
  unitPrice: line.unitPrice,
  total: line.price,
});

function common(
  settings: PurchaseEmailSettings,
  purchase: PurchaseRow,
  lines: OrderRow[],
  to: string,
): PurchaseEmailData {
  const totals = documentTotals(purchase, lines);
  return {
    shopName: settings.shopName,
    to,
    customerName: purchase.name,
    purchaseNumber: purchase.number,
    poNumber: purchase.poNumber,
    company: purchase.company,
    lines: lines.map(emailLine),
    total: totals.total,
    totals,
    purchaseUrl: new URL(`/dashboard/purchases/${purchase.id}`, settings.publicUrl).toString(),
  };
}

const earliest = (dates: (Date | null)[]) =>
  dates.reduce<Date | null>(
    (first, date) => (date && (!first || date < first) ? date : first),
    null,
  );

/** The mail worker's `compose` for the purchase emails. */
export function composePurchaseEmail(db: Db, settings: PurchaseEmailSettings) {
  return async (job: {
    kind: EmailKind;
    to: string;
    payload: Record<string, unknown>;
  }): Promise<MailMessage | null> => {
    const purchaseId = typeof job.payload.purchaseId === 'string' ? job.payload.purchaseId : null;
    const purchase = purchaseId ? await findPurchase(db, purchaseId) : null;
    if (!purchase) return null;
    const lines = await purchaseLines(db, [purchase.id]);
    if (lines.length === 0) return null;
    const data = common(settings, purchase, lines, job.to);
    // Loaded with the first email, not at start: React and its server renderer are not part of
    // the memory of a server that has sent nothing yet.
    const {
      accountInvoiceEmail,
      invoiceReminderEmail,
      orderPlacedEmail,
      paymentReceiptEmail,
      shippedEmail,
    } = await import('../../mail/order-emails.js');

    if (job.kind === 'order-placed' || job.kind === 'purchase-approved') {
      const unpaid = lines.filter((line) => !line.paid);
      return orderPlacedEmail({
        ...data,
        holdExpiresAt: earliest(unpaid.map((l) => l.holdExpiresAt)),
        ...(job.kind === 'purchase-approved' && typeof job.payload.approvedBy === 'string'
          ? { approvedBy: job.payload.approvedBy }
          : {}),
      });
    }
    if (job.kind === 'payment-receipt') {
      const { pdf, invoiceNumber } = await purchaseInvoicePdf(db, settings.invoices, purchase);
      const paidAt = purchase.invoicedAt ?? new Date();
      return paymentReceiptEmail({ ...data, invoiceNumber, paidAt, invoicePdf: pdf });
    }
    if (job.kind === 'account-invoice') {
      if (!purchase.dueDate || purchase.paymentTerms === 'card') return null;
      const { pdf, invoiceNumber } = await purchaseInvoicePdf(db, settings.invoices, purchase);
      return accountInvoiceEmail({
        ...data,
        invoiceNumber,
        terms: paymentTermsLabels[purchase.paymentTerms],
        dueDate: new Date(`${purchase.dueDate}T00:00:00Z`),
        invoicePdf: pdf,
      });
    }
    if (job.kind === 'invoice-reminder') {
      // Paid since it was queued: nothing to remind of.
      if (!purchase.dueDate || purchase.paymentTerms === 'card' || purchase.amountDue <= 0) {
        return null;
      }
      const reminder = job.payload.reminder;
      return invoiceReminderEmail({
        ...data,
        invoiceNumber: purchase.invoiceNumber ?? '',
        terms: paymentTermsLabels[purchase.paymentTerms],
        dueDate: new Date(`${purchase.dueDate}T00:00:00Z`),
        amountDue: purchase.amountDue,
        reminder: reminder === 'before' || reminder === 'due' ? reminder : 'overdue',
        daysOverdue: typeof job.payload.daysOverdue === 'number' ? job.payload.daysOverdue : 0,
        accountUrl: new URL('/dashboard/mycompany', settings.publicUrl).toString(),
      });
    }
    const parcel = await parcelOf(db, lines, job.payload);
    if (!parcel || parcel.picks.length === 0) return null;
    return shippedEmail({
      ...data,
      shippedLines: parcel.picks.map(({ line, quantity }) => ({
        ...emailLine(line),
        quantity,
        total: quantity * line.unitPrice,
      })),
      more: lines.some((line) => !line.shipping),
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingNumber,
      trackingUrl: trackingUrl(parcel.carrier, parcel.trackingNumber),
    });
  };
}

/**
 * What a "has shipped" email tells about: its shipment's lines (decision 030), or, for an email
 * queued before shipments were kept, the whole lines it named.
 */
async function parcelOf(db: Db, lines: OrderRow[], payload: Record<string, unknown>) {
  if (typeof payload.shipmentId === 'string') {
    const shipment = await findShipment(db, payload.shipmentId);
    if (!shipment) return null;
    const byId = new Map(lines.map((line) => [line.id, line]));
    return {
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      picks: shipment.lines.flatMap((sent) => {
        const line = byId.get(sent.orderId);
        return line ? [{ line, quantity: sent.quantity }] : [];
      }),
    };
  }
  const ids = Array.isArray(payload.orderIds) ? (payload.orderIds as unknown[]) : [];
  const shipped = lines.filter((line) => ids.includes(line.id) && line.shipping);
  const [first] = shipped;
  if (!first) return null;
  return {
    carrier: first.carrier,
    trackingNumber: first.trackingNumber,
    picks: shipped.map((line) => ({ line, quantity: line.quantity })),
  };
}
