import { addressLines, quoteMessages } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, companyLocations, purchases } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import type { InvoiceSettings } from '../../modules/orders/purchase-invoice.js';
import { purchaseLines } from '../../modules/orders/purchase-store.js';
import { documentTotals } from '../../modules/orders/purchase-totals.js';
import { versionOf } from '../../modules/quotes/store.js';
import { readableQuote } from './access.js';

/** GET /quote/{id}.pdf: an offer (the latest unless `version` names another) as a PDF. */
export async function quotePdf(
  db: Db,
  settings: InvoiceSettings,
  user: SignedInUser,
  id: string,
  version: number | undefined,
): Promise<{ fileName: string; pdf: Buffer }> {
  const { quote } = await readableQuote(db, user, id);
  const wanted = version ?? quote.latestVersion;
  const offer = wanted > 0 ? await versionOf(db, quote.id, wanted) : null;
  if (!offer) throw new HttpError(404, quoteMessages.noOffer);
  const [[company], [location], [purchase]] = await Promise.all([
    quote.companyId
      ? db
          .select({
            name: companies.name,
            taxId: companies.taxId,
            billingAddress: companies.billingAddress,
          })
          .from(companies)
          .where(eq(companies.id, quote.companyId))
      : [],
    quote.locationId
      ? db
          .select({ address: companyLocations.address })
          .from(companyLocations)
          .where(eq(companyLocations.id, quote.locationId))
      : [],
    db.select().from(purchases).where(eq(purchases.quoteId, quote.id)),
  ]);
  // The version accepted prints what its purchase charged: the invoice's own figures.
  const charged =
    purchase && quote.acceptedVersion === offer.version
      ? documentTotals(
          purchase,
          purchase.awaitingLines?.map((line) => ({
            price: line.quantity * line.unitPrice,
            shippingCharge: line.shippingCharge,
            tax: line.tax,
          })) ?? (await purchaseLines(db, [purchase.id])),
        )
      : null;
  const skuOf = new Map(quote.lines.map((line) => [line.productId, line.sku]));
  const { renderQuotePdf } = await import('../../invoices/quote-pdf.js');
  const pdf = await renderQuotePdf({
    number: quote.number,
    version: offer.version,
    offeredAt: offer.createdAt,
    expiresAt: offer.expiresAt,
    seller: {
      name: settings.sellerName,
      address: settings.sellerAddress,
      taxId: settings.sellerTaxId,
    },
    buyer: {
      name: company?.name ?? quote.name,
      company: company?.name ?? null,
      contactName: quote.name,
      address: company?.billingAddress ?? '',
      taxId: company?.taxId ?? null,
      email: quote.email,
      shipTo: location ? addressLines(location.address).join('\n') : null,
    },
    lines: offer.lines.map((line) => ({
      description: line.productName,
      sku: skuOf.get(line.productId) ?? null,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
    })),
    subtotal: offer.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0),
    note: offer.note,
    purchaseNumber: purchase?.number ?? null,
    charged,
  });
  return { fileName: `${quote.number}-v${offer.version}.pdf`, pdf };
}
