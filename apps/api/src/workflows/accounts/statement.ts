import {
  companyMessages,
  paymentTermsLabels,
  SHOP_CURRENCY,
  ledgerKindLabels,
  statementPeriod,
  type StatementQuery,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import { accountReader } from '../../modules/companies/service.js';
import { agingOf, statementFacts } from '../../modules/ledger/statement.js';
import type { InvoiceSettings } from '../../modules/orders/purchase-invoice.js';

/**
 * GET /companies/{id}/statement.pdf (issue 30 item 6): who may read it is the companies
 * module's rule (owners, approvers, admins), the figures the ledger's, the page the documents'.
 */
export async function companyStatement(
  db: Db,
  settings: InvoiceSettings,
  user: SignedInUser,
  companyId: string,
  query: StatementQuery,
): Promise<{ fileName: string; pdf: Buffer }> {
  await accountReader(db, user, companyId);
  const { from, to } = statementPeriod(query);
  const [company] = await db
    .select({
      name: companies.name,
      billingAddress: companies.billingAddress,
      taxId: companies.taxId,
      paymentTerms: companies.paymentTerms,
      creditLimit: companies.creditLimit,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound(companyMessages.notFound);
  const [facts, aging] = await Promise.all([
    statementFacts(db, companyId, from, to),
    agingOf(db, companyId),
  ]);
  // Loaded with the first document, not at start (pdfkit and its fonts' metrics).
  const { renderStatementPdf } = await import('../../invoices/statement-pdf.js');
  const pdf = await renderStatementPdf({
    seller: {
      name: settings.sellerName,
      address: settings.sellerAddress,
      taxId: settings.sellerTaxId,
    },
    company: { name: company.name, address: company.billingAddress, taxId: company.taxId },
    terms: paymentTermsLabels[company.paymentTerms],
    creditLimit: company.creditLimit,
    from,
    to,
    issuedAt: new Date(),
    ...facts,
    entries: facts.entries.map((entry) => ({ ...entry, kind: ledgerKindLabels[entry.kind] })),
    aging,
    currency: SHOP_CURRENCY,
  });
  return { fileName: `statement-${from}-to-${to}.pdf`, pdf };
}
