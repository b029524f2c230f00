import { taxNoteOf } from '@shop/shared';
import type { DocumentTotals, InvoiceTaxLine } from '../../invoices/document-pdf.js';
import type { PurchaseRow } from './purchase-store.js';

/** A document's money and the words its tax treatment requires (REVERSE_CHARGE_NOTE), or null. */
export interface PurchaseTotals extends DocumentTotals {
  taxNote: string | null;
}

/** A line's shares (cents): its goods, and the shipping and tax it carries once charged. */
export interface LineShares {
  price: number;
  shippingCharge?: number | undefined;
  tax?: number | undefined;
}

/**
 * The tax lines of a purchase (cents): its treatment's one rate on the goods and the shipping,
 * as the purchase answers them (purchase-serialize.ts taxLinesAnswer), or none.
 */
export function invoiceTaxLines(
  purchase: PurchaseRow,
  base: number,
  tax: number,
): InvoiceTaxLine[] {
  const treatment = purchase.taxTreatment;
  return treatment?.name != null
    ? [{ name: treatment.name, rate: treatment.rate, base, amount: tax }]
    : [];
}

/**
 * The totals every document of a purchase shows (the invoice, the emails, a credit note), from
 * the shares of the lines it speaks of: the goods, the shipping by the purchase's method, the
 * tax line of its treatment and the total (`subtotal + shipping + tax`), as the purchase page
 * adds them up. Lines waiting for approval carry their shares too.
 */
export function documentTotals(purchase: PurchaseRow, lines: LineShares[]): PurchaseTotals {
  const sum = (pick: (line: LineShares) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const subtotal = sum((line) => line.price);
  const shipping = sum((line) => line.shippingCharge ?? 0);
  const tax = sum((line) => line.tax ?? 0);
  return {
    subtotal,
    shipping,
    shippingMethod: purchase.shippingMethod?.name ?? null,
    taxLines: invoiceTaxLines(purchase, subtotal + shipping, tax),
    total: subtotal + shipping + tax,
    currency: purchase.currency,
    taxNote: purchase.taxTreatment
      ? taxNoteOf(purchase.taxTreatment.treatment, purchase.taxTreatment.note)
      : null,
  };
}
